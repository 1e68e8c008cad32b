#include <pixman.h>

// pixman's format codes are built by macros that Swift's importer does not always
// evaluate (release builds lose them); these carry the values across.
static inline pixman_format_code_t ek_pixman_a8r8g8b8(void) { return PIXMAN_a8r8g8b8; }
static inline pixman_format_code_t ek_pixman_a8(void) { return PIXMAN_a8; }
