#include <ebur128.h>
