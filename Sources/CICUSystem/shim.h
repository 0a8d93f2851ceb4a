// ICU found through pkg-config (icu-uc), so a machine without libicu-dev gets SwiftPM's install
// hint instead of "'unicode/ubrk.h' file not found". CICU includes ICU's headers itself; no
// Swift module imports this one.
#include <unicode/uversion.h>
