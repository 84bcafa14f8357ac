package io.fabricpulse.model.ingest;

/**
 * One IP-over-InfiniBand network interface of a host ({@code /sys/class/net/<name>}).
 *
 * @param name   interface name ({@code ib0})
 * @param device the RDMA device it runs on ({@code mlx5_0}), null when sysfs does not say
 * @param port   the device's port number, 0 when unknown
 * @param mode   {@code datagram} or {@code connected} (the {@code mode} file), null when unknown
 * @param mtu    the interface MTU in bytes (2044 is datagram's usual, 65520 connected's)
 * @param state  the kernel's operational state ({@code up}, {@code down}, ...), null when unknown
 */
public record IpoibInterface(String name, String device, int port, String mode, int mtu, String state) {
}
