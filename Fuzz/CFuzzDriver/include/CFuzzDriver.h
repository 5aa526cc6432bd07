#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer (its usual command line) on `test`, a LLVMFuzzerTestOneInput-style function.
/// SwiftPM gives every executable its own `main`, so libFuzzer's is not used; this starts it.
int prep_fuzz_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));
