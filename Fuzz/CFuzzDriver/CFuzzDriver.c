#include "CFuzzDriver.h"

// In libFuzzer (linked by -sanitize=fuzzer) since LLVM 12.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int prep_fuzz_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size)) {
  return LLVMFuzzerRunDriver(&argc, &argv, test);
}
