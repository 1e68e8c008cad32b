// Umbrella header for the generated protocol code, plus the few helpers that
// Swift cannot express safely.
#pragma once
#include <stdint.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"

// Interface addresses. Swift must never take `&wl_foo_interface` itself: in release
// builds it may pass libwayland a temporary copy that dangles. These return the
// address of the one global.
const struct wl_interface *ek_wl_compositor_interface(void);
const struct wl_interface *ek_wl_shm_interface(void);
const struct wl_interface *ek_wl_output_interface(void);
const struct wl_interface *ek_wl_seat_interface(void);
const struct wl_interface *ek_wl_region_interface(void);
const struct wl_interface *ek_wl_subcompositor_interface(void);
const struct wl_interface *ek_zwlr_layer_shell_v1_interface(void);
const struct wl_interface *ek_zwlr_virtual_pointer_manager_v1_interface(void);
const struct wl_interface *ek_wp_viewporter_interface(void);
const struct wl_interface *ek_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *ek_xdg_wm_base_interface(void);
const struct wl_interface *ek_zxdg_output_manager_v1_interface(void);

// memfd_create(2) with MFD_CLOEXEC | MFD_ALLOW_SEALING; falls back to an unlinked
// file in XDG_RUNTIME_DIR. Returns -1 and sets errno on failure.
int ek_memfd_create(const char *name);

// Writes the protocol error of a failed display into the buffers (interface name,
// object id, error code). Returns 1 when the failure was a protocol error.
int ek_display_protocol_error(struct wl_display *display, char *interface_name,
                              unsigned long size, uint32_t *object_id, uint32_t *code);

// A non-blocking, close-on-exec eventfd that wakes the event loop from other threads.
int ek_eventfd(void);

// One pollable descriptor for apps that run their own event loop: an epoll set of the
// Wayland fd, the wake-up eventfd and a timerfd for the nearest deadline. Returns the
// epoll fd (or -1) and the timerfd through `timer_fd`.
int ek_loop_fd_create(int display_fd, int wake_fd, int *timer_fd);
// Arms the timerfd for an absolute CLOCK_MONOTONIC time in seconds; < 0 disarms it.
int ek_timerfd_arm(int timer_fd, double deadline);
// Clears a timerfd's expiry count so it stops being readable.
void ek_timerfd_drain(int timer_fd);

// The calling thread's kernel id (for the benchmark's per-thread wakeup count).
int ek_gettid(void);
