// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h). The harnesses are SwiftPM executables, whose
// `main` SwiftPM renames for testability: each harness's main.swift calls this instead of linking libFuzzer's main.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
