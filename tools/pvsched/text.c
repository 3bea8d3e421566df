// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Terminal-safe copies of system strings (see text.h). */
#include <stdio.h>
#include <string.h>

#include "text.h"

int utf8_len(const unsigned char *p)
{
	int n, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;	/* continuation byte, C0/C1 overlong, F5..FF */
	if (p[0] == 0xe0)
		lo = 0xa0;	/* overlong 3-byte */
	else if (p[0] == 0xed)
		hi = 0x9f;	/* U+D800..U+DFFF */
	else if (p[0] == 0xf0)
		lo = 0x90;	/* overlong 4-byte */
	else if (p[0] == 0xf4)
		hi = 0x8f;	/* above U+10FFFF */
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;	/* also stops at the NUL */
	return n;
}

const char *text_clean(char *buf, size_t size, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t out = 0;

	if (size == 0)
		return buf;
	while (*p) {
		char piece[8];
		size_t len;
		int n = utf8_len(p);

		if (n == 1 && (*p < 0x20 || *p == 0x7f)) {
			snprintf(piece, sizeof(piece), "\\x%02x", *p);
			len = 4;
		} else if (n == 1 && *p == '\\') {
			memcpy(piece, "\\\\", 2);
			len = 2;
		} else if (n == 0) {
			snprintf(piece, sizeof(piece), "\\x%02x", *p);
			len = 4;
			n = 1;
		} else {
			memcpy(piece, p, (size_t)n);
			len = (size_t)n;
		}
		if (out + len + 1 > size)
			break;
		memcpy(buf + out, piece, len);
		out += len;
		p += n;
	}
	buf[out] = '\0';
	return buf;
}
