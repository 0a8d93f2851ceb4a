// A label is made of SheenText's fonts and attributed text and SheenRaster's colours, sizes and
// images: `import SheenLabel` brings both, so drawing a label needs one import (two with SheenPNG).
@_exported import SheenText
