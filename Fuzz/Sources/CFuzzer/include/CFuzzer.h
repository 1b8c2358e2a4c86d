#ifndef HAWSER_CFUZZER_H
#define HAWSER_CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program with its own main (compiler-rt's FuzzerInterface.h).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
