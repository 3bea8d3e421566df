/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file version.h
 * @brief Library version, at compile time and at run time.
 *
 * The macros below are the single source of the version: CMake and the
 * pkg-config file read them from here.
 */
#ifndef PVSCHED_VERSION_H
#define PVSCHED_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Major version: incremented on incompatible API changes. */
#define PVS_VERSION_MAJOR 0
/** @brief Minor version: incremented on compatible additions. */
#define PVS_VERSION_MINOR 1
/** @brief Patch version: incremented on fixes. */
#define PVS_VERSION_PATCH 0

/** @brief The version as one comparable number: major*10000 + minor*100 + patch. */
#define PVS_VERSION_NUMBER \
	(PVS_VERSION_MAJOR * 10000 + PVS_VERSION_MINOR * 100 + PVS_VERSION_PATCH)

/** @cond INTERNAL */
#define PVS_STR2_(x) #x
#define PVS_STR_(x) PVS_STR2_(x)
/** @endcond */

/** @brief The version as a string, e.g. "0.1.0". */
#define PVS_VERSION_STRING \
	PVS_STR_(PVS_VERSION_MAJOR) "." PVS_STR_(PVS_VERSION_MINOR) "." \
	PVS_STR_(PVS_VERSION_PATCH)

/**
 * @brief The version of the library actually linked.
 *
 * Compare with @ref PVS_VERSION_NUMBER (the headers compiled against) to
 * detect a header/library mismatch.
 * @return major*10000 + minor*100 + patch
 */
unsigned int pvs_version_number(void);

/**
 * @brief The version of the library actually linked, as a string.
 * @return a static string such as "0.1.0"
 */
const char *pvs_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_VERSION_H */
