// The platform's C library, chosen here once: every Sheen module that calls libc (memory, files,
// errno, dlopen, locks, libm) imports SheenPlatform instead of choosing among Glibc, Musl, Darwin and
// ucrt itself. Re-exported to those modules only: none of them re-exports SheenPlatform, so a
// library user's namespace gets no C library from Sheen.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#elseif canImport(ucrt)
@_exported import ucrt
#endif
#if os(Windows)
@_exported import WinSDK
#endif
