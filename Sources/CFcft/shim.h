#include <fcft/fcft.h>
