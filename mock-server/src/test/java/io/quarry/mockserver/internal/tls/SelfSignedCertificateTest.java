package io.quarry.mockserver.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.Test;

/** The minted certificate says what the mock server promises, and its key manager presents it as the JDK's would. */
class SelfSignedCertificateTest {

    @Test
    void certificateIsAnEcLocalhostCertificateSignedByItsOwnKey() throws Exception {
        Instant before = Instant.now();
        X509Certificate certificate = SelfSignedCertificate.mint().certificate();
        Instant after = Instant.now();

        assertThat(certificate.getVersion()).isEqualTo(3);
        X500Principal name = new X500Principal("O=Quarry mock server, CN=localhost");
        assertThat(certificate.getSubjectX500Principal()).isEqualTo(name);
        assertThat(certificate.getIssuerX500Principal()).isEqualTo(name);
        assertThat(certificate.getSerialNumber().signum()).isNotNegative();
        assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(certificate.getPublicKey()).isInstanceOf(ECPublicKey.class);
        assertThat(((ECPublicKey) certificate.getPublicKey())
                        .getParams()
                        .getCurve()
                        .getField()
                        .getFieldSize())
                .isEqualTo(256);
        certificate.verify(certificate.getPublicKey());
        certificate.checkValidity();
        assertThat(certificate.getNotBefore().toInstant())
                .isBetween(before.minus(Duration.ofHours(1)).minusSeconds(1), after.minus(Duration.ofHours(1)));
        assertThat(certificate.getNotAfter().toInstant())
                .isBetween(before.plus(Duration.ofDays(30)).minusSeconds(1), after.plus(Duration.ofDays(30)));
        assertThat(certificate.getBasicConstraints()).isEqualTo(-1);
        assertThat(certificate.getCriticalExtensionOIDs()).containsExactly("2.5.29.19");
        assertThat(certificate.getNonCriticalExtensionOIDs()).containsExactly("2.5.29.17");
        assertThat(certificate.getSubjectAlternativeNames())
                .containsExactly(List.of(2, "localhost"), List.of(7, "127.0.0.1"));
    }

    @Test
    void keyManagerPresentsTheCertificateForEcKeyTypesAndItsIssuer() {
        SelfSignedCertificate minted = SelfSignedCertificate.mint();
        X509Certificate certificate = minted.certificate();
        MintedKeyManager keys = new MintedKeyManager(null, certificate);

        assertThat(keys.chooseEngineServerAlias("EC", null, null)).isEqualTo(MintedKeyManager.ALIAS);
        assertThat(keys.chooseServerAlias("EC_EC", new X500Principal[0], null)).isEqualTo(MintedKeyManager.ALIAS);
        assertThat(keys.chooseServerAlias("EC", new X500Principal[] {certificate.getIssuerX500Principal()}, null))
                .isEqualTo(MintedKeyManager.ALIAS);
        assertThat(keys.chooseServerAlias("EC", new X500Principal[] {new X500Principal("CN=someone else")}, null))
                .isNull();
        assertThat(keys.chooseEngineServerAlias("RSA", null, null)).isNull();
        assertThat(keys.chooseEngineServerAlias("EC_RSA", null, null)).isNull();
        assertThat(keys.getServerAliases("EC", null)).containsExactly(MintedKeyManager.ALIAS);
        assertThat(keys.getCertificateChain(MintedKeyManager.ALIAS)).containsExactly(certificate);
        assertThat(keys.getCertificateChain("other")).isNull();
        assertThat(keys.chooseEngineClientAlias(new String[] {"EC"}, null, null))
                .isNull();
    }
}
