/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Strings read from the system (cpuinfo, device tree, sysfs, CPUID) made
 * safe for a terminal: the text renderings print them through
 * text_clean(), the JSON writer through its own escaping; both decide what
 * is well-formed UTF-8 with utf8_len().
 */
#ifndef PVSCHED_TOOLS_TEXT_H
#define PVSCHED_TOOLS_TEXT_H

#include <stddef.h>

/* Room text_clean() needs for an input of n bytes (each byte may become
 * "\xNN"), with its NUL. */
#define TEXT_CLEAN_SIZE(n) (4 * (n) + 1)

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), 0 if it is not one. */
int utf8_len(const unsigned char *p);

/* Copy s into buf (size bytes) with every control character (below 0x20,
 * 0x7f) and every byte that starts no well-formed UTF-8 sequence written
 * as "\xNN", and a backslash as "\\", so a terminal shows what the system
 * holds and is never sent an escape sequence. Truncates at a character
 * boundary when buf is too small; returns buf. */
const char *text_clean(char *buf, size_t size, const char *s);

#endif /* PVSCHED_TOOLS_TEXT_H */
