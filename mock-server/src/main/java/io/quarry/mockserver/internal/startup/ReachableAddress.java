package io.quarry.mockserver.internal.startup;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The address other machines reach this one at, for the URL printed when the server listens on every interface: in a
 * container, the container's address on its network. The first interface that is up and not a loopback one gives
 * it, an IPv4 address before an IPv6 one.
 */
public final class ReachableAddress {

    private ReachableAddress() {}

    /** {@return the host part of a URL reaching this machine from elsewhere, if it has a network interface} */
    public static Optional<String> ofThisMachine() {
        try {
            List<InetAddress> candidates = NetworkInterface.networkInterfaces()
                    .filter(ReachableAddress::isUpAndExternal)
                    .flatMap(NetworkInterface::inetAddresses)
                    .filter(address -> !address.isLinkLocalAddress() && !address.isLoopbackAddress())
                    .toList();
            return candidates.stream()
                    .min(Comparator.comparing(address -> address instanceof Inet4Address ? 0 : 1))
                    .map(ReachableAddress::hostPart);
        } catch (SocketException e) {
            return Optional.empty();
        }
    }

    private static boolean isUpAndExternal(NetworkInterface network) {
        try {
            return network.isUp() && !network.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }

    private static String hostPart(InetAddress address) {
        String text = address.getHostAddress();
        int zone = text.indexOf('%');
        if (zone >= 0) {
            text = text.substring(0, zone);
        }
        return address instanceof Inet4Address ? text : "[" + text + "]";
    }
}
