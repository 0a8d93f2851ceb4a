"""The wheel carries libSheenC.so, a native library loaded through ctypes (no CPython extension):
its files go to platlib and it is tagged for this platform and any Python 3 (py3-none-PLATFORM),
not as pure Python."""
from setuptools import setup
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1
    from wheel.bdist_wheel import bdist_wheel


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        return ("py3", "none", super().get_tag()[2])


setup(distclass=BinaryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
