// The part of fontconfig Sheen calls: parse a pattern, substitute defaults, sort the matches.
#ifndef SHEEN_CFONTCONFIG_SHIM_H
#define SHEEN_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
