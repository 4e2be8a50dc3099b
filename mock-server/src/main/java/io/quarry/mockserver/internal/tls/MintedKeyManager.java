package io.quarry.mockserver.internal.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Presents the one minted certificate and its key, as the JDK's own key manager would from a key store holding
 * them alone: for an EC key type ({@code EC}, or {@code EC_EC} for a certificate signed with EC), when the client
 * names no certificate authorities or names the certificate's issuer. Without a key store, a start skips the
 * PKCS#12 encryption of the key (thousands of PBKDF2 rounds) and the key manager factory.
 */
final class MintedKeyManager extends X509ExtendedKeyManager {

    /** The alias of the one entry. */
    static final String ALIAS = "mock-server";

    private final PrivateKey key;
    private final X509Certificate certificate;

    /**
     * @param key the certificate's private key
     * @param certificate the self-signed certificate
     */
    MintedKeyManager(PrivateKey key, X509Certificate certificate) {
        this.key = key;
        this.certificate = certificate;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return serves(keyType, issuers) ? ALIAS : null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return serves(keyType, issuers) ? ALIAS : null;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return serves(keyType, issuers) ? new String[] {ALIAS} : null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) ? new X509Certificate[] {certificate} : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? key : null;
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    private boolean serves(String keyType, Principal[] issuers) {
        if (!"EC".equals(keyType) && !"EC_EC".equals(keyType)) {
            return false;
        }
        if (issuers == null || issuers.length == 0) {
            return true;
        }
        for (Principal issuer : issuers) {
            if (certificate.getIssuerX500Principal().equals(issuer)) {
                return true;
            }
        }
        return false;
    }
}
