"""The wheel carries libSheenC.so, a native library: it is tagged for this platform, not pure Python."""
from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
