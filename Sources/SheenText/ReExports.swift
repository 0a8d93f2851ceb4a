// SheenText's API is spoken in SheenRaster's types (Size, Rect, Point, Color, Image, buffers):
// `import SheenText` brings them, so a text user needs one import.
@_exported import SheenRaster
