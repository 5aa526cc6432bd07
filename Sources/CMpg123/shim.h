#include <mpg123.h>

/* mpg123_param is variadic-free but takes a long and a double; keep one call site. */
static inline int prep_mpg123_flag(mpg123_handle *handle, long flag) {
  return mpg123_param(handle, MPG123_ADD_FLAGS, flag, 0.0);
}
