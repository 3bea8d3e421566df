// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * /proc/cpuinfo: which family the probed system is (from its own text, so
 * a ppc64 fixture is recognised on an x86 host), the x86 hypervisor flag,
 * on POWER the generation (PVR), compatibility mode, timebase, platform
 * and machine, and the arm64 and riscv64 layouts (Linux
 * arch/arm64/kernel/cpuinfo.c: "CPU implementer", "CPU architecture: 8";
 * arch/riscv/kernel/cpu.c: "hart", "isa: rv64...", "mmu", "uarch").
 */
#include <string.h>

#include "probe_util.h"

/* POWER generation from the PVR version (upper 16 bits). */
static unsigned int pvprobe_pvr_gen(uint64_t version)
{
	switch (version) {
	case 0x004b: /* POWER8E */
	case 0x004c: /* POWER8NVL */
	case 0x004d: /* POWER8 */
		return 8;
	case 0x004e:
		return 9;
	case 0x0080:
		return 10;
	case 0x0082:
		return 11;
	default:
		return 0;
	}
}

/* POWER generation from a "cpu" value such as "POWER9 (architected)". */
static unsigned int pvprobe_name_gen(const char *s, const char *e)
{
	struct pvprobe_pu_cur c = { s + 5, e };
	uint64_t g;

	if (!pvprobe_pu_starts(s, e, "POWER") || pvprobe_pu_u64(&c, &g) < 0 ||
	    g > 99)
		return 0;
	return (unsigned int)g;
}

/* "2.2 (pvr 004e 1202)": the generation of the PVR, 0 if none. */
static int pvprobe_revision_gen(const char *s, const char *e, unsigned int *gen)
{
	struct pvprobe_pu_cur c;
	const char *p;
	uint64_t v = 0;
	int d;

	for (p = s; p + 5 <= e; p++)
		if (memcmp(p, "(pvr ", 5) == 0)
			break;
	if (p + 5 > e) {
		*gen = 0;
		return 0;
	}
	c.p = p + 5;
	c.end = e;
	/* Four hex digits, no 0x prefix. */
	for (d = 0; d < 4; d++, c.p++) {
		char ch = c.p < c.end ? *c.p : 0;

		if (ch >= '0' && ch <= '9')
			v = v << 4 | (uint64_t)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			v = v << 4 | (uint64_t)(ch - 'a' + 10);
		else if (ch >= 'A' && ch <= 'F')
			v = v << 4 | (uint64_t)(ch - 'A' + 10);
		else
			return -PVS_EBADMSG;
	}
	*gen = pvprobe_pvr_gen(v);
	return 0;
}

/* Whether the blank-separated word list [s, e) holds @word. */
static bool pvprobe_has_word(const char *s, const char *e, const char *word)
{
	while (s < e) {
		const char *w;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		w = s;
		while (s < e && *s != ' ' && *s != '\t')
			s++;
		if (w < s && pvprobe_pu_eq(w, s, word))
			return true;
	}
	return false;
}

/* Keep the first value of a per-processor key only. */
static int pvprobe_copy_once(char *dst, size_t cap, const char *s, const char *e)
{
	if (dst[0] != '\0')
		return 0;
	/* Long model strings are cut, not rejected: they are display only. */
	if ((size_t)(e - s) >= cap)
		e = s + cap - 1;
	return pvprobe_pu_copy_text(dst, cap, s, e);
}

/* The parser of PVPROBE_PU_FILE_READER() below. */
static int pvprobe_cpuinfo_parse_l(const char *buf, size_t len,
				   struct pvprobe_cpuinfo *out, unsigned int *line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	struct pvprobe_cpuinfo ci;
	unsigned int name_gen = 0, pvr_gen = 0;
	bool x86 = false, power = false, arm = false, arm32 = false;
	bool rv64 = false;
	char isa[PVPROBE_TEXT_LEN] = "";
	const char *ks, *ke, *vs, *ve;
	int rc;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&ci, 0, sizeof(ci));
	while ((rc = pvprobe_pu_next_kv(&c, &l, ':', &ks, &ke, &vs,
					&ve)) > 0) {
		*line = l.no;
		if (pvprobe_pu_eq(ks, ke, "processor")) {
			if (ci.nr_processors == UINT32_MAX)
				return -PVS_ERANGE;
			ci.nr_processors++;
		} else if (pvprobe_pu_eq(ks, ke, "vendor_id")) {
			x86 = true;
			rc = pvprobe_copy_once(ci.vendor, sizeof(ci.vendor), vs,
					   ve);
		} else if (pvprobe_pu_eq(ks, ke, "model name")) {
			rc = pvprobe_copy_once(ci.model, sizeof(ci.model), vs, ve);
		} else if (pvprobe_pu_eq(ks, ke, "flags")) {
			if (pvprobe_has_word(vs, ve, "hypervisor"))
				ci.hypervisor_flag = true;
		} else if (pvprobe_pu_eq(ks, ke, "cpu") &&
			   pvprobe_pu_starts(vs, ve, "POWER")) {
			power = true;
			if (name_gen == 0)
				name_gen = pvprobe_name_gen(vs, ve);
			rc = pvprobe_copy_once(ci.model, sizeof(ci.model), vs, ve);
		} else if (pvprobe_pu_eq(ks, ke, "revision") && pvr_gen == 0) {
			rc = pvprobe_revision_gen(vs, ve, &pvr_gen);
		} else if (pvprobe_pu_eq(ks, ke, "timebase")) {
			rc = pvprobe_pu_parse_u64(vs, ve, &ci.timebase_hz);
		} else if (pvprobe_pu_eq(ks, ke, "platform")) {
			rc = pvprobe_copy_once(ci.platform, sizeof(ci.platform), vs,
					   ve);
		} else if (pvprobe_pu_eq(ks, ke, "machine")) {
			rc = pvprobe_copy_once(ci.machine, sizeof(ci.machine), vs,
					   ve);
		} else if (pvprobe_pu_eq(ks, ke, "CPU implementer")) {
			arm = true;
		} else if (pvprobe_pu_eq(ks, ke, "CPU architecture")) {
			/* A 32-bit arm kernel prints the same keys with 7 or
			 * less; arm64 prints 8 (compat tasks included). */
			uint64_t v;

			if (pvprobe_pu_parse_u64(vs, ve, &v) == 0 && v < 8)
				arm32 = true;
		} else if (pvprobe_pu_eq(ks, ke, "isa")) {
			if (pvprobe_pu_starts(vs, ve, "rv64"))
				rv64 = true;
			rc = pvprobe_copy_once(isa, sizeof(isa), vs, ve);
		} else if (pvprobe_pu_eq(ks, ke, "uarch")) {
			rc = pvprobe_copy_once(ci.model, sizeof(ci.model), vs, ve);
		} else {
			continue;
		}
		if (rc < 0)
			return rc;
	}
	if (rc < 0) {
		*line = l.no;	/* a line without its separator */
		return rc;
	}
	*line = 0;
	if (ci.nr_processors == 0)
		return -PVS_EBADMSG;
	if (x86)
		ci.arch = PVPROBE_ARCH_X86;
	else if (power)
		ci.arch = PVPROBE_ARCH_PPC64;
	else if (arm && !arm32)
		ci.arch = PVPROBE_ARCH_AARCH64;
	else if (rv64)
		ci.arch = PVPROBE_ARCH_RISCV64;
	else
		ci.arch = PVPROBE_ARCH_OTHER;
	/* RISC-V without "uarch" (QEMU's virt machine): the ISA string. */
	if (rv64 && ci.model[0] == '\0')
		memcpy(ci.model, isa, sizeof(ci.model));
	if (power) {
		ci.power_gen = pvr_gen ? pvr_gen : name_gen;
		ci.power_compat = pvr_gen != 0 && name_gen != 0 &&
				  name_gen < pvr_gen;
	}
	*out = ci;
	return 0;
}

PVPROBE_PU_FILE_READER(cpuinfo, struct pvprobe_cpuinfo, "/proc/cpuinfo",
		       pvprobe_cpuinfo_parse_l)
