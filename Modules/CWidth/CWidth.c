#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CWidth.h"
int kumiki_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
