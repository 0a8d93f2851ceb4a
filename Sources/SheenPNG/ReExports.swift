// PNG reads and writes SheenRaster's images and buffers: `import SheenPNG` brings their types.
@_exported import SheenRaster
