// Nothing to compile: the declaration in include/CFuzzerDriver.h is implemented by libFuzzer (-sanitize=fuzzer).
#include "CFuzzerDriver.h"
