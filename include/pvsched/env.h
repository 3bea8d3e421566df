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
 *     It may also define `PVS_READ_ONCE()` and `pvs_div_u64()`; otherwise
 *     the generic definitions below are used.
 *  2. **Linux kernel** (`__KERNEL__`): `<linux/types.h>` and friends. The
 *     kernel already defines the C99 fixed-width names, so the library's
 *     code is the same in both worlds.
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
#include <linux/math64.h>
#ifndef PVS_READ_ONCE
#define PVS_READ_ONCE(x) READ_ONCE(x)
#endif
#ifndef PVS_HAVE_DIV_U64
#define PVS_HAVE_DIV_U64 1
static inline uint64_t pvs_div_u64(uint64_t dividend, uint32_t divisor)
{
	return div_u64(dividend, divisor);
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

/**
 * @brief Load a big-endian 16-bit value from any address.
 * @param p pointer to 2 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint16_t pvs_be16_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint16_t)((unsigned int)b[0] << 8 | (unsigned int)b[1]);
}

/**
 * @brief Load a big-endian 32-bit value from any address.
 * @param p pointer to 4 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint32_t pvs_be32_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

/**
 * @brief Load a big-endian 64-bit value from any address.
 * @param p pointer to 8 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint64_t pvs_be64_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint64_t)pvs_be32_ld(b) << 32 | pvs_be32_ld(b + 4);
}

/**
 * @brief Load a little-endian 16-bit value from any address.
 * @param p pointer to 2 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint16_t pvs_le16_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint16_t)((unsigned int)b[1] << 8 | (unsigned int)b[0]);
}

/**
 * @brief Load a little-endian 32-bit value from any address.
 * @param p pointer to 4 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint32_t pvs_le32_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[1] << 8 | (uint32_t)b[0];
}

/**
 * @brief Load a little-endian 64-bit value from any address.
 * @param p pointer to 8 readable bytes, any alignment
 * @return the value in host order
 */
static inline uint64_t pvs_le64_ld(const void *p)
{
	const uint8_t *b = (const uint8_t *)p;

	return (uint64_t)pvs_le32_ld(b + 4) << 32 | pvs_le32_ld(b);
}

/**
 * @brief Store a big-endian 16-bit value at any address (test and
 *        simulator helper: builds firmware images on any host).
 * @param p pointer to 2 writable bytes
 * @param v value in host order
 */
static inline void pvs_be16_st(void *p, uint16_t v)
{
	uint8_t *b = (uint8_t *)p;

	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

/**
 * @brief Store a big-endian 32-bit value at any address.
 * @param p pointer to 4 writable bytes
 * @param v value in host order
 */
static inline void pvs_be32_st(void *p, uint32_t v)
{
	uint8_t *b = (uint8_t *)p;

	b[0] = (uint8_t)(v >> 24);
	b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
}

/**
 * @brief Store a big-endian 64-bit value at any address.
 * @param p pointer to 8 writable bytes
 * @param v value in host order
 */
static inline void pvs_be64_st(void *p, uint64_t v)
{
	pvs_be32_st(p, (uint32_t)(v >> 32));
	pvs_be32_st((uint8_t *)p + 4, (uint32_t)v);
}

/**
 * @brief Store a little-endian 32-bit value at any address.
 * @param p pointer to 4 writable bytes
 * @param v value in host order
 */
static inline void pvs_le32_st(void *p, uint32_t v)
{
	uint8_t *b = (uint8_t *)p;

	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}

/**
 * @brief Store a little-endian 64-bit value at any address.
 * @param p pointer to 8 writable bytes
 * @param v value in host order
 */
static inline void pvs_le64_st(void *p, uint64_t v)
{
	pvs_le32_st(p, (uint32_t)v);
	pvs_le32_st((uint8_t *)p + 4, (uint32_t)(v >> 32));
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ENV_H */
