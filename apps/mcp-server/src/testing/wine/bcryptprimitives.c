/*
 * Test harness only (the Wine end-to-end test): bcryptprimitives.dll with the one function Chroma's
 * Windows build imports from it, ProcessPrng (Windows 10 and later; Rust's standard library draws its
 * random numbers there). Wine 8 has no such DLL, so the build fails to load ("Module not found").
 * ProcessPrng fills the buffer from the system's generator and, as on Windows, always succeeds.
 * Built with Debian's mingw-w64: x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll … -lbcrypt
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
