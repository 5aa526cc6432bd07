#include <lame.h>
