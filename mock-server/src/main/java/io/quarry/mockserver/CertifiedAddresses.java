package io.quarry.mockserver;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

/**
 * The addresses an HTTPS server's certificate names besides {@code 127.0.0.1}: those its clients reach it at. Bound to
 * every interface (as in a container), every address of this machine's interfaces, so that the URL printed with the
 * container's address, or any other a client picks, passes the client's host name check; bound to one address, that
 * address.
 */
final class CertifiedAddresses {

    private CertifiedAddresses() {}

    /**
     * {@return the addresses to certify}
     *
     * @param bound the address the server listens on
     */
    static List<InetAddress> of(InetAddress bound) {
        if (!bound.isAnyLocalAddress()) {
            return List.of(bound);
        }
        List<InetAddress> addresses = new ArrayList<>();
        try {
            // loops, not streams: this runs on an HTTPS start, whose time the start-time figures count
            for (Enumeration<NetworkInterface> networks = NetworkInterface.getNetworkInterfaces();
                    networks != null && networks.hasMoreElements(); ) {
                NetworkInterface network = networks.nextElement();
                if (!network.isUp()) {
                    continue;
                }
                for (Enumeration<InetAddress> each = network.getInetAddresses(); each.hasMoreElements(); ) {
                    addresses.add(each.nextElement());
                }
            }
        } catch (SocketException e) {
            // no interface to list: the loopback address alone, as before
        }
        return addresses;
    }
}
