/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file env.h
 * @brief The one place libpvsched meets its environment.
 *
 * This is the only header of the kernel-safe core that includes anything
 * outside `pvsched/`. It picks one of three branches:
 *
 *  1. **Embedder override**: if `PVS_ENV_HEADER` is defined (for example
 *     `-DPVS_ENV_HEADER='"my_env.h"'`), that header is included instead and
 *     must provide the fixed-width types (`uint8_t` ... `uint64_t`,
 *     `int32_t`, `int64_t`), `size_t`, `bool`/`true`/`false` and `NULL`.
 *     It may also define `PVS_READ_ONCE()`, `PVS_VIRT_RMB()` and
 *     `pvs_div_u64()` (then `PVS_HAVE_DIV_U64`), and the loaders and
 *     stores (then `PVS_HAVE_ENDIAN_HELPERS`); otherwise the generic
 *     definitions below are used.
 *  2. **Linux kernel** (`__KERNEL__`): `<linux/types.h>` and friends. The
 *     kernel already defines the C99 fixed-width names (the missing
 *     `UINT64_MAX`-style limits are mapped to `U64_MAX` etc.), so the
 *     library's code is the same in both worlds. `PVS_READ_ONCE()` is
 *     READ_ONCE(), `PVS_VIRT_RMB()` is virt_rmb(), pvs_div_u64() is
 *     div_u64(), and the loaders and stores are get_unaligned_be32() and
 *     friends from `<linux/unaligned.h>`
 *     (Linux >= 6.12) or `<asm/unaligned.h>` (older), picked at compile
 *     time.
 *  3. **Userspace** (default): only `<stdint.h>`, `<stddef.h>` and
 *     `<stdbool.h>`, which exist even in a freestanding C11 compiler.
 *
 * After the branch, env.h provides the portable helpers every decoder uses:
 * byte-wise big- and little-endian loaders (correct on any host, for any
 * alignment), a single-copy read `PVS_READ_ONCE()` and `pvs_div_u64()`.
 */
#ifndef PVSCHED_ENV_H
#define PVSCHED_ENV_H

#if defined(PVS_ENV_HEADER)
#include PVS_ENV_HEADER
#elif defined(__KERNEL__)
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/math64.h>
/* The unaligned helpers moved from <asm/> to <linux/> in Linux 6.12. */
#if defined(__has_include)
#if __has_include(<linux/unaligned.h>)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif
#else
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif
#endif
/* The C99 <stdint.h> limits and constant macros the kernel does not have. */
#ifndef UINT8_MAX
#define UINT8_MAX U8_MAX
#endif
#ifndef UINT16_MAX
#define UINT16_MAX U16_MAX
#endif
#ifndef UINT32_MAX
#define UINT32_MAX U32_MAX
#endif
#ifndef UINT64_MAX
#define UINT64_MAX U64_MAX
#endif
#ifndef INT8_MIN
#define INT8_MIN S8_MIN
#endif
#ifndef INT8_MAX
#define INT8_MAX S8_MAX
#endif
#ifndef INT16_MIN
#define INT16_MIN S16_MIN
#endif
#ifndef INT16_MAX
#define INT16_MAX S16_MAX
#endif
#ifndef INT32_MIN
#define INT32_MIN S32_MIN
#endif
#ifndef INT32_MAX
#define INT32_MAX S32_MAX
#endif
#ifndef INT64_MIN
#define INT64_MIN S64_MIN
#endif
#ifndef INT64_MAX
#define INT64_MAX S64_MAX
#endif
#ifndef UINT32_C
#define UINT32_C(c) c##U
#endif
#ifndef UINT64_C
#define UINT64_C(c) c##ULL
#endif
#ifndef INT32_C
#define INT32_C(c) c
#endif
#ifndef INT64_C
#define INT64_C(c) c##LL
#endif
#ifndef PVS_READ_ONCE
#define PVS_READ_ONCE(x) READ_ONCE(x)
#endif
#ifndef PVS_VIRT_RMB
#include <asm/barrier.h>
/* Orders a seqlock reader's loads against the hypervisor's stores. */
#define PVS_VIRT_RMB() virt_rmb()
#endif
#ifndef PVS_HAVE_DIV_U64
#define PVS_HAVE_DIV_U64 1
static inline uint64_t pvs_div_u64(uint64_t dividend, uint32_t divisor)
{
	return div_u64(dividend, divisor);
}
#endif
#ifndef PVS_HAVE_ENDIAN_HELPERS
/*
 * The kernel's own unaligned accessors (one load where the CPU allows it)
 * behind the loaders and stores defined once below.
 */
#define PVS_ENDIAN_KERNEL_ 1
static inline uint16_t pvs_ld16_(const void *p, bool big)
{
	return big ? get_unaligned_be16(p) : get_unaligned_le16(p);
}

static inline uint32_t pvs_ld32_(const void *p, bool big)
{
	return big ? get_unaligned_be32(p) : get_unaligned_le32(p);
}

static inline uint64_t pvs_ld64_(const void *p, bool big)
{
	return big ? get_unaligned_be64(p) : get_unaligned_le64(p);
}

static inline void pvs_st16_(void *p, bool big, uint16_t v)
{
	if (big)
		put_unaligned_be16(v, p);
	else
		put_unaligned_le16(v, p);
}

static inline void pvs_st32_(void *p, bool big, uint32_t v)
{
	if (big)
		put_unaligned_be32(v, p);
	else
		put_unaligned_le32(v, p);
}

static inline void pvs_st64_(void *p, bool big, uint64_t v)
{
	if (big)
		put_unaligned_be64(v, p);
	else
		put_unaligned_le64(v, p);
}
#endif
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PVS_READ_ONCE
/**
 * @brief Read @p x exactly once, as a single access the compiler may not
 *        tear, repeat or cache (the userspace twin of the kernel's
 *        READ_ONCE()). Use it on memory another agent (hypervisor, another
 *        CPU) writes concurrently.
 */
#define PVS_READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#endif

#ifndef PVS_VIRT_RMB
/**
 * @brief Order two reads of memory a hypervisor writes (the userspace twin
 *        of the kernel's virt_rmb()): reads after it are not satisfied
 *        before reads before it. Seqlock-style readers of shared records
 *        use it between the sequence and the fields.
 */
#define PVS_VIRT_RMB() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#endif

#ifndef PVS_HAVE_DIV_U64
/** @brief Defined once pvs_div_u64() exists (an env header may provide its own). */
#define PVS_HAVE_DIV_U64 1
/**
 * @brief 64-by-32-bit unsigned division.
 *
 * The kernel branch maps it to div_u64() so 32-bit kernels do not need the
 * libgcc helper; elsewhere it is a plain division.
 * @param dividend value to divide
 * @param divisor  non-zero divisor (the caller guarantees it)
 * @return dividend / divisor, rounded down
 */
static inline uint64_t pvs_div_u64(uint64_t dividend, uint32_t divisor)
{
	return dividend / divisor;
}
#endif

/**
 * @brief Load an 8-bit value.
 * @param p pointer to 1 readable byte
 * @return the byte
 */
static inline uint8_t pvs_u8_ld(const void *p)
{
	return *(const uint8_t *)p;
}

#ifndef PVS_HAVE_ENDIAN_HELPERS
/**
 * @brief Defined when the environment maps the loaders and stores below
 *        to its own; otherwise they are defined here, once, over the
 *        kernel's get_unaligned_be32() and friends in the kernel branch
 *        and over the byte-wise helpers below elsewhere.
 */
#define PVS_HAVE_ENDIAN_HELPERS 1

#ifndef PVS_ENDIAN_KERNEL_
/**
 * @brief Where byte @p i (0 = most significant) of an @p n-byte field
 *        stored big-endian (@p big) or little-endian lies (not API).
 */
#define PVS_BYTE_AT_(i, n, big) ((big) ? (i) : (n) - 1 - (i))

/**
 * @brief The byte-wise 16-bit load behind pvs_be16_ld() and pvs_le16_ld()
 *        (not API).
 * @param p   pointer to 2 readable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @return the value in host order
 */
static inline uint16_t pvs_ld16_(const void *p, bool big)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint16_t)((unsigned int)b[PVS_BYTE_AT_(0, 2, big)] << 8 |
			  (unsigned int)b[PVS_BYTE_AT_(1, 2, big)]);
}

/**
 * @brief The byte-wise 32-bit load behind pvs_be32_ld() and pvs_le32_ld()
 *        (not API).
 * @param p   pointer to 4 readable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @return the value in host order
 */
static inline uint32_t pvs_ld32_(const void *p, bool big)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint32_t)b[PVS_BYTE_AT_(0, 4, big)] << 24 |
	       (uint32_t)b[PVS_BYTE_AT_(1, 4, big)] << 16 |
	       (uint32_t)b[PVS_BYTE_AT_(2, 4, big)] << 8 |
	       (uint32_t)b[PVS_BYTE_AT_(3, 4, big)];
}

/**
 * @brief The 64-bit load behind pvs_be64_ld() and pvs_le64_ld(), from two
 *        32-bit halves (not API).
 * @param p   pointer to 8 readable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @return the value in host order
 */
static inline uint64_t pvs_ld64_(const void *p, bool big)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint64_t)pvs_ld32_(b + (big ? 0 : 4), big) << 32 |
	       pvs_ld32_(b + (big ? 4 : 0), big);
}

/**
 * @brief The byte-wise 16-bit store behind pvs_be16_st() (not API).
 * @param p   pointer to 2 writable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @param v   value in host order
 */
static inline void pvs_st16_(void *p, bool big, uint16_t v)
{
	uint8_t *b = (uint8_t *)p;

	b[PVS_BYTE_AT_(0, 2, big)] = (uint8_t)(v >> 8);
	b[PVS_BYTE_AT_(1, 2, big)] = (uint8_t)v;
}

/**
 * @brief The byte-wise 32-bit store behind pvs_be32_st() and
 *        pvs_le32_st() (not API).
 * @param p   pointer to 4 writable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @param v   value in host order
 */
static inline void pvs_st32_(void *p, bool big, uint32_t v)
{
	uint8_t *b = (uint8_t *)p;

	b[PVS_BYTE_AT_(0, 4, big)] = (uint8_t)(v >> 24);
	b[PVS_BYTE_AT_(1, 4, big)] = (uint8_t)(v >> 16);
	b[PVS_BYTE_AT_(2, 4, big)] = (uint8_t)(v >> 8);
	b[PVS_BYTE_AT_(3, 4, big)] = (uint8_t)v;
}

/**
 * @brief The 64-bit store behind pvs_be64_st() and pvs_le64_st(), as two
 *        32-bit halves (not API).
 * @param p   pointer to 8 writable bytes, any alignment
 * @param big true: big-endian; false: little-endian
 * @param v   value in host order
 */
static inline void pvs_st64_(void *p, bool big, uint64_t v)
{
	uint8_t *b = (uint8_t *)p;

	pvs_st32_(b + (big ? 0 : 4), big, (uint32_t)(v >> 32));
	pvs_st32_(b + (big ? 4 : 0), big, (uint32_t)v);
}
#endif /* !PVS_ENDIAN_KERNEL_ */

/**
 * @brief Load a big-endian 16-bit value from any address.
 * @param p pointer to 2 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint16_t pvs_be16_ld(const void *p)
{
	return pvs_ld16_(p, true);
}

/**
 * @brief Load a big-endian 32-bit value from any address.
 * @param p pointer to 4 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint32_t pvs_be32_ld(const void *p)
{
	return pvs_ld32_(p, true);
}

/**
 * @brief Load a big-endian 64-bit value from any address.
 * @param p pointer to 8 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint64_t pvs_be64_ld(const void *p)
{
	return pvs_ld64_(p, true);
}

/**
 * @brief Load a little-endian 16-bit value from any address.
 * @param p pointer to 2 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint16_t pvs_le16_ld(const void *p)
{
	return pvs_ld16_(p, false);
}

/**
 * @brief Load a little-endian 32-bit value from any address.
 * @param p pointer to 4 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint32_t pvs_le32_ld(const void *p)
{
	return pvs_ld32_(p, false);
}

/**
 * @brief Load a little-endian 64-bit value from any address.
 * @param p pointer to 8 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint64_t pvs_le64_ld(const void *p)
{
	return pvs_ld64_(p, false);
}

/**
 * @brief Store a big-endian 16-bit value at any address (test and
 *        simulator helper: builds firmware images on any host).
 * @param p pointer to 2 writable bytes
 * @param v value in host order
 */
static inline void pvs_be16_st(void *p, uint16_t v)
{
	pvs_st16_(p, true, v);
}

/**
 * @brief Store a big-endian 32-bit value at any address.
 * @param p pointer to 4 writable bytes
 * @param v value in host order
 */
static inline void pvs_be32_st(void *p, uint32_t v)
{
	pvs_st32_(p, true, v);
}

/**
 * @brief Store a big-endian 64-bit value at any address.
 * @param p pointer to 8 writable bytes
 * @param v value in host order
 */
static inline void pvs_be64_st(void *p, uint64_t v)
{
	pvs_st64_(p, true, v);
}

/**
 * @brief Store a little-endian 32-bit value at any address.
 * @param p pointer to 4 writable bytes
 * @param v value in host order
 */
static inline void pvs_le32_st(void *p, uint32_t v)
{
	pvs_st32_(p, false, v);
}

/**
 * @brief Store a little-endian 64-bit value at any address.
 * @param p pointer to 8 writable bytes
 * @param v value in host order
 */
static inline void pvs_le64_st(void *p, uint64_t v)
{
	pvs_st64_(p, false, v);
}
#endif /* PVS_HAVE_ENDIAN_HELPERS */

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ENV_H */
