#include <sndfile.h>

/* sf_command takes a void pointer; these typed wrappers keep the Swift side free of casts. */
static inline int prep_sf_set_double(SNDFILE *file, int command, double value) {
  return sf_command(file, command, &value, sizeof(value));
}
static inline int prep_sf_set_int(SNDFILE *file, int command, int value) {
  return sf_command(file, command, &value, sizeof(value));
}
