// The C API's declarations live in include/sheen.h; the functions are defined in Swift
// (Sources/SheenC, exported with @_cdecl). SwiftPM needs one source file in a C target.
#include "sheen.h"
