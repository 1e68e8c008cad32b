#define _GNU_SOURCE
#include "CEntryKitProtocols.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const struct wl_interface *ek_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *ek_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *ek_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *ek_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *ek_wl_region_interface(void) { return &wl_region_interface; }
const struct wl_interface *ek_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *ek_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
const struct wl_interface *ek_zwlr_virtual_pointer_manager_v1_interface(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
const struct wl_interface *ek_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *ek_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *ek_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }

int ek_memfd_create(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd >= 0 || errno != ENOSYS)
        return fd;
    // Kernels without memfd: an unlinked file in the runtime directory.
    const char *dir = getenv("XDG_RUNTIME_DIR");
    if (dir == NULL) { errno = ENOENT; return -1; }
    char path[4096];
    snprintf(path, sizeof path, "%s/entrykit-shm-XXXXXX", dir);
    fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0) unlink(path);
    return fd;
}

int ek_display_protocol_error(struct wl_display *display, char *interface_name,
                              unsigned long size, uint32_t *object_id, uint32_t *code) {
    if (wl_display_get_error(display) != EPROTO)
        return 0;
    const struct wl_interface *interface = NULL;
    *code = wl_display_get_protocol_error(display, &interface, object_id);
    snprintf(interface_name, size, "%s", interface ? interface->name : "unknown");
    return 1;
}
const struct wl_interface *ek_zxdg_output_manager_v1_interface(void) { return &zxdg_output_manager_v1_interface; }

#include <sys/eventfd.h>
int ek_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <math.h>

int ek_loop_fd_create(int display_fd, int wake_fd, int *timer_fd) {
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    if (epoll < 0) return -1;
    int timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    if (timer < 0) { close(epoll); return -1; }
    int fds[3] = { display_fd, wake_fd, timer };
    for (int i = 0; i < 3; i++) {
        struct epoll_event event = { .events = EPOLLIN, .data.fd = fds[i] };
        if (epoll_ctl(epoll, EPOLL_CTL_ADD, fds[i], &event) < 0) { close(timer); close(epoll); return -1; }
    }
    *timer_fd = timer;
    return epoll;
}

int ek_timerfd_arm(int timer_fd, double deadline) {
    struct itimerspec spec = {0};
    if (deadline >= 0) {
        double whole = floor(deadline);
        spec.it_value.tv_sec = (time_t)whole;
        spec.it_value.tv_nsec = (long)((deadline - whole) * 1e9);
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(timer_fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

void ek_timerfd_drain(int timer_fd) {
    uint64_t expirations;
    while (read(timer_fd, &expirations, sizeof expirations) > 0) {}
}

#include <sys/syscall.h>
int ek_gettid(void) { return (int)syscall(SYS_gettid); }
