package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.security.Provider;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * A "TLS" socket that is the plain one beneath it, whose input cannot be made the first times it is asked for, as
 * when the heap runs out while a connection is set up: the one place a {@link Listener} lets a test in between a
 * connection's accept and its first read. Its {@link #context(AtomicInteger)} hands it to the listener.
 */
final class NoInputSocket extends SSLSocket {

    private final Socket raw;
    private final AtomicInteger failing;

    private NoInputSocket(Socket raw, AtomicInteger failing) {
        this.raw = raw;
        this.failing = failing;
    }

    /**
     * {@return a context whose sockets are plain, each failing to make its input while {@code failing} counts down}
     *
     * @param failing how many of the inputs asked for next fail with {@link OutOfMemoryError}
     */
    static SSLContext context(AtomicInteger failing) {
        SSLSocketFactory factory = new SSLSocketFactory() {
            @Override
            public Socket createSocket(Socket s, InputStream consumed, boolean autoClose) {
                return new NoInputSocket(s, failing);
            }

            @Override
            public Socket createSocket(Socket s, String host, int port, boolean autoClose) {
                return new NoInputSocket(s, failing);
            }

            @Override
            public String[] getDefaultCipherSuites() {
                return new String[0];
            }

            @Override
            public String[] getSupportedCipherSuites() {
                return new String[0];
            }

            @Override
            public Socket createSocket(String host, int port) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Socket createSocket(String host, int port, java.net.InetAddress local, int localPort) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Socket createSocket(java.net.InetAddress host, int port) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Socket createSocket(java.net.InetAddress a, int port, java.net.InetAddress local, int localPort) {
                throw new UnsupportedOperationException();
            }
        };
        SSLContextSpi spi = new SSLContextSpi() {
            @Override
            protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random) {}

            @Override
            protected SSLSocketFactory engineGetSocketFactory() {
                return factory;
            }

            @Override
            protected SSLServerSocketFactory engineGetServerSocketFactory() {
                throw new UnsupportedOperationException();
            }

            @Override
            protected SSLEngine engineCreateSSLEngine() {
                throw new UnsupportedOperationException();
            }

            @Override
            protected SSLEngine engineCreateSSLEngine(String host, int port) {
                throw new UnsupportedOperationException();
            }

            @Override
            protected SSLSessionContext engineGetServerSessionContext() {
                throw new UnsupportedOperationException();
            }

            @Override
            protected SSLSessionContext engineGetClientSessionContext() {
                throw new UnsupportedOperationException();
            }
        };
        return new SSLContext(spi, new Provider("no-input", "1", "plain sockets as TLS ones") {}, "TLS") {};
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (failing.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new OutOfMemoryError("Java heap space");
        }
        return raw.getInputStream();
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        return raw.getOutputStream();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        raw.setSoTimeout(timeout);
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }

    @Override
    public void startHandshake() {
        // plain: nothing to agree
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return new String[0];
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return new String[0];
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {}

    @Override
    public String[] getSupportedProtocols() {
        return new String[0];
    }

    @Override
    public String[] getEnabledProtocols() {
        return new String[0];
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {}

    @Override
    public SSLSession getSession() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {}

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {}

    @Override
    public void setUseClientMode(boolean mode) {}

    @Override
    public boolean getUseClientMode() {
        return false;
    }

    @Override
    public void setNeedClientAuth(boolean need) {}

    @Override
    public boolean getNeedClientAuth() {
        return false;
    }

    @Override
    public void setWantClientAuth(boolean want) {}

    @Override
    public boolean getWantClientAuth() {
        return false;
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {}

    @Override
    public boolean getEnableSessionCreation() {
        return false;
    }
}
