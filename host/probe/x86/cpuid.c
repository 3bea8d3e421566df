// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * x86 hypervisor identity and KVM paravirt features from CPUID
 * (docs/upstream-rules.md#x86-hypervisor-cpuid): leaf 1 ECX bit
 * 31, signatures at the bases 0x40000000..0x4000FF00, KVM leaf base+1 (EAX
 * features, EDX hints). Sources: the CPUID instruction, libcpuid's
 * cpuid_get_hypervisor() (when built with it) or a recorded dump, so
 * fixtures are host-independent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../probe_util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define PVPROBE_X86_BUILD 1
#endif

#if defined(PVPROBE_HAVE_LIBCPUID) && defined(PVPROBE_X86_BUILD)
#include <libcpuid.h>
#endif

/* ---- dump files ---------------------------------------------------------- */

/* "key=0x........" at the cursor, after blanks; value must fit 32 bits. */
static int pvprobe_reg(struct pvprobe_pu_cur *c, const char *key, uint32_t *v)
{
	size_t kl = strlen(key);
	uint64_t x;
	int rc;

	pvprobe_pu_skip_blanks(c);
	if ((size_t)(c->end - c->p) < kl || memcmp(c->p, key, kl) != 0)
		return -PVS_EBADMSG;
	c->p += kl;
	rc = pvprobe_pu_hex_u64(c, &x);
	if (rc < 0)
		return rc;
	if (x > UINT32_MAX)
		return -PVS_ERANGE;
	*v = (uint32_t)x;
	return 0;
}

static int pvprobe_cpuid_line(struct pvprobe_pu_cur *c, struct pvprobe_cpuid_leaf *lf)
{
	uint32_t in[2];
	unsigned int i;
	int rc;

	for (i = 0; i < 2; i++) {
		uint64_t x;

		pvprobe_pu_skip_blanks(c);
		rc = pvprobe_pu_hex_u64(c, &x);
		if (rc < 0)
			return rc;
		if (x > UINT32_MAX)
			return -PVS_ERANGE;
		in[i] = (uint32_t)x;
	}
	if (c->p >= c->end || *c->p != ':')
		return -PVS_EBADMSG;
	c->p++;
	lf->leaf = in[0];
	lf->subleaf = in[1];
	rc = pvprobe_reg(c, "eax=", &lf->eax);
	if (rc == 0)
		rc = pvprobe_reg(c, "ebx=", &lf->ebx);
	if (rc == 0)
		rc = pvprobe_reg(c, "ecx=", &lf->ecx);
	if (rc == 0)
		rc = pvprobe_reg(c, "edx=", &lf->edx);
	if (rc < 0)
		return rc;
	pvprobe_pu_skip_blanks(c);
	return c->p == c->end ? 0 : -PVS_EBADMSG;
}

static int pvprobe_cpuid_dump_parse_l(const char *buf, size_t len,
				  struct pvprobe_cpuid_dump *out,
				  unsigned int *line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	struct pvprobe_cpuid_dump *d;
	unsigned int headers = 0;
	int rc = 0;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	d = calloc(1, sizeof(*d));
	if (d == NULL)
		return -PVS_ENOMEM;
	while (pvprobe_pu_next_line(&c, &l)) {
		struct pvprobe_cpuid_leaf lf;
		struct pvprobe_pu_cur lc;
		const char *s = l.s, *e = l.e;

		pvprobe_pu_trim(&s, &e);
		if (s == e || *s == '#')
			continue;
		if (pvprobe_pu_starts(s, e, "CPU")) {
			if (++headers > 1)
				break;
			continue;
		}
		lc.p = s;
		lc.end = e;
		rc = pvprobe_cpuid_line(&lc, &lf);
		if (rc < 0)
			break;
		if (d->nr >= PVPROBE_MAX_CPUID_LEAVES) {
			rc = -PVS_ERANGE;
			break;
		}
		d->leaves[d->nr++] = lf;
	}
	if (rc == 0) {
		memcpy(out, d, sizeof(*d));
		rc = (int)d->nr;
	} else if (line != NULL) {
		*line = l.no;
	}
	free(d);
	return rc;
}

int pvprobe_cpuid_dump_parse(const char *buf, size_t len,
			 struct pvprobe_cpuid_dump *out)
{
	return pvprobe_cpuid_dump_parse_l(buf, len, out, NULL);
}

int pvprobe_cpuid_from_dump(void *arg, uint32_t leaf, uint32_t subleaf,
			uint32_t regs[4])
{
	const struct pvprobe_cpuid_dump *d = arg;
	unsigned int i;

	if (d == NULL || regs == NULL)
		return -PVS_EINVAL;
	regs[0] = regs[1] = regs[2] = regs[3] = 0;
	for (i = 0; i < d->nr && i < PVPROBE_MAX_CPUID_LEAVES; i++) {
		const struct pvprobe_cpuid_leaf *lf = &d->leaves[i];

		if (lf->leaf == leaf && lf->subleaf == subleaf) {
			regs[0] = lf->eax;
			regs[1] = lf->ebx;
			regs[2] = lf->ecx;
			regs[3] = lf->edx;
			break;
		}
	}
	return 0;
}

int pvprobe_cpuid_native(void *arg, uint32_t leaf, uint32_t subleaf,
		     uint32_t regs[4])
{
	(void)arg;
	if (regs == NULL)
		return -PVS_EINVAL;
#ifdef PVPROBE_X86_BUILD
	{
		unsigned int a, b, c, d;

		__cpuid_count(leaf, subleaf, a, b, c, d);
		regs[0] = a;
		regs[1] = b;
		regs[2] = c;
		regs[3] = d;
		return 0;
	}
#else
	(void)leaf;
	(void)subleaf;
	return -PVS_ENOTSUP;
#endif
}

/* ---- decoding ------------------------------------------------------------ */

static const struct {
	char sig[13];
	enum pvprobe_hv kind;
} pvprobe_hv_sigs[] = {
	{ "KVMKVMKVM\0\0\0", PVPROBE_HV_KVM },
	{ "Microsoft Hv", PVPROBE_HV_HYPERV },
	{ "XenVMMXenVMM", PVPROBE_HV_XEN },
	{ "VMwareVMware", PVPROBE_HV_VMWARE },
	{ "bhyve bhyve ", PVPROBE_HV_BHYVE },
	{ "TCGTCGTCGTCG", PVPROBE_HV_QEMU },
};

static void pvprobe_sig_bytes(const uint32_t regs[4], char sig[12])
{
	pvs_le32_st(sig, regs[1]);
	pvs_le32_st(sig + 4, regs[2]);
	pvs_le32_st(sig + 8, regs[3]);
}

static enum pvprobe_hv pvprobe_sig_kind(const char sig[12])
{
	size_t i;

	for (i = 0; i < sizeof(pvprobe_hv_sigs) / sizeof(pvprobe_hv_sigs[0]); i++)
		if (memcmp(sig, pvprobe_hv_sigs[i].sig, 12) == 0)
			return pvprobe_hv_sigs[i].kind;
	return PVPROBE_HV_UNKNOWN;
}

/* Printable copy: trailing NULs dropped, other odd bytes as '.'. */
static void pvprobe_sig_text(const char sig[12], char out[13])
{
	int n = 12, i;

	while (n > 0 && sig[n - 1] == '\0')
		n--;
	for (i = 0; i < n; i++)
		out[i] = sig[i] >= 0x20 && sig[i] < 0x7f ? sig[i] : '.';
	out[n] = '\0';
}

int pvprobe_x86_hv_decode(pvprobe_cpuid_fn fn, void *arg, struct pvprobe_x86_hv *out)
{
	struct pvprobe_x86_hv hv;
	uint32_t regs[4], base;
	char sig[12];
	int rc;

	if (fn == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&hv, 0, sizeof(hv));
	rc = fn(arg, 1, 0, regs);
	if (rc < 0)
		return rc;
	hv.hypervisor_bit = (regs[2] >> 31) & 1u;
	hv.kind = hv.hypervisor_bit ? PVPROBE_HV_OTHER : PVPROBE_HV_NONE;
	/* Linux looks for hypervisor leaves only under the hypervisor bit. */
	for (base = PVPROBE_CPUID_HV_FIRST; hv.hypervisor_bit &&
	     base <= PVPROBE_CPUID_HV_LAST; base += PVPROBE_CPUID_HV_STEP) {
		enum pvprobe_hv k;

		rc = fn(arg, base, 0, regs);
		if (rc < 0)
			return rc;
		pvprobe_sig_bytes(regs, sig);
		k = pvprobe_sig_kind(sig);
		if (hv.base == 0 && (k != PVPROBE_HV_UNKNOWN ||
				     (base == PVPROBE_CPUID_HV_FIRST &&
				      (regs[1] | regs[2] | regs[3]) != 0))) {
			hv.kind = k != PVPROBE_HV_UNKNOWN ? k :
							    PVPROBE_HV_OTHER;
			hv.base = base;
			hv.max_leaf = regs[0];
			pvprobe_sig_text(sig, hv.signature);
		} else if (hv.base == PVPROBE_CPUID_HV_FIRST &&
			   hv.kind == PVPROBE_HV_OTHER &&
			   k != PVPROBE_HV_UNKNOWN) {
			/* An unknown vendor at the first base, a known one
			 * further up: name the known one. */
			hv.kind = k;
			hv.base = base;
			hv.max_leaf = regs[0];
			pvprobe_sig_text(sig, hv.signature);
		}
		if (k == PVPROBE_HV_KVM && hv.kvm_base == 0) {
			hv.kvm_base = base;
			/* Like kvm_arch_para_features(): read base + 1
			 * whatever base's EAX says (old KVM reported 0). */
			rc = fn(arg, base + 1, 0, regs);
			if (rc < 0)
				return rc;
			hv.kvm_features = regs[0];
			hv.kvm_hints = regs[3];
		}
	}
	hv.via = PVPROBE_CPUID_VIA_RAW;
	*out = hv;
	return 0;
}

#if defined(PVPROBE_HAVE_LIBCPUID) && defined(PVPROBE_X86_BUILD)
/* libcpuid's answer for the kind; UNKNOWN when it has none.
 * libcpuid 0.6.2 documents NULL raw/data as "fetch it yourself" but then
 * writes through the NULL data pointer: always pass both. */
static enum pvprobe_hv pvprobe_libcpuid_kind(void)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t data;

	if (cpuid_get_raw_data(&raw) < 0 || cpu_identify(&raw, &data) < 0)
		return PVPROBE_HV_UNKNOWN;
	switch (cpuid_get_hypervisor(&raw, &data)) {
	case HYPERVISOR_NONE:
		return PVPROBE_HV_NONE;
	case HYPERVISOR_KVM:
		return PVPROBE_HV_KVM;
	case HYPERVISOR_HYPERV:
		return PVPROBE_HV_HYPERV;
	case HYPERVISOR_XEN:
		return PVPROBE_HV_XEN;
	case HYPERVISOR_VMWARE:
		return PVPROBE_HV_VMWARE;
	case HYPERVISOR_BHYVE:
		return PVPROBE_HV_BHYVE;
	case HYPERVISOR_QEMU:
		return PVPROBE_HV_QEMU;
	case HYPERVISOR_UNKNOWN:
		return PVPROBE_HV_UNKNOWN;
	default:
		return PVPROBE_HV_OTHER;
	}
}
#endif

static int pvprobe_cpuid_dump_cb(const char *buf, size_t len, void *arg,
			     unsigned int *line)
{
	return pvprobe_cpuid_dump_parse_l(buf, len, arg, line);
}

int pvprobe_read_x86_hv(struct pvprobe_ctx *ctx, struct pvprobe_x86_hv *out)
{
	struct pvprobe_x86_hv hv;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	if (ctx->cpuid_file != NULL || !pvprobe_ctx_live(ctx)) {
		struct pvprobe_cpuid_dump *d = calloc(1, sizeof(*d));

		if (d == NULL)
			return -PVS_ENOMEM;
		if (ctx->cpuid_file != NULL) {
			/* An explicit file is not under the sysroot. */
			struct pvprobe_ctx raw;

			pvprobe_ctx_init(&raw, NULL);
			rc = pvprobe_pu_read_parse(&raw, ctx->cpuid_file,
					       pvprobe_cpuid_dump_cb, d);
			if (rc < 0) {
				memcpy(ctx->bad_path, raw.bad_path,
				       sizeof(ctx->bad_path));
				ctx->bad_line = raw.bad_line;
			}
		} else {
			rc = pvprobe_pu_read_parse(ctx, "/cpuid", pvprobe_cpuid_dump_cb,
					       d);
		}
		if (rc >= 0)
			rc = pvprobe_x86_hv_decode(pvprobe_cpuid_from_dump, d, &hv);
		free(d);
		if (rc < 0)
			return rc;
		hv.via = PVPROBE_CPUID_VIA_FILE;
		*out = hv;
		return 0;
	}
	rc = pvprobe_x86_hv_decode(pvprobe_cpuid_native, NULL, &hv);
	if (rc < 0)
		return rc;
#if defined(PVPROBE_HAVE_LIBCPUID) && defined(PVPROBE_X86_BUILD)
	{
		enum pvprobe_hv k = pvprobe_libcpuid_kind();

		/* libcpuid knows more vendors (VirtualBox, Parallels); it
		 * only reads the first base, so the scan keeps the KVM
		 * leaves of a Hyper-V-fronted KVM. */
		if (k != PVPROBE_HV_UNKNOWN) {
			hv.kind = k;
			hv.via = PVPROBE_CPUID_VIA_LIBCPUID;
		}
	}
#endif
	*out = hv;
	return 0;
}
