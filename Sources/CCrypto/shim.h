/* OpenSSL's libcrypto, for SHA-256 with the CPU's SHA instructions (~1 GB/s). */
#include <openssl/evp.h>
