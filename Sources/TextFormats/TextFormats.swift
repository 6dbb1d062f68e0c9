// Numbers and JSON as text: exact shortest and fixed-point formatting and correctly rounded parsing of `Double`
// (`DoubleText`, `FixedDecimal`). The standard library and the C library's `strtod` and `vsnprintf` only.
