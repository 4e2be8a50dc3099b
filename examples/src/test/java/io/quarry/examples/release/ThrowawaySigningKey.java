package io.quarry.examples.release;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.util.Date;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyPacket;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPKeyPair;
import org.bouncycastle.openpgp.PGPKeyRingGenerator;
import org.bouncycastle.openpgp.PGPPrivateKey;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureGenerator;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPDigestCalculatorProviderBuilder;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPKeyPair;
import org.bouncycastle.openpgp.operator.jcajce.JcePBESecretKeyEncryptorBuilder;

/**
 * An OpenPGP signing key made for one rehearsal and then forgotten: RSA, its secret key armored and protected by a
 * passphrase, as the release reads it from {@code MAVEN_GPG_KEY} and {@code MAVEN_GPG_PASSPHRASE}. The OpenPGP
 * formats are Bouncy Castle's; the RSA arithmetic is the JDK's, several times faster here than Bouncy Castle's.
 */
final class ThrowawaySigningKey {

    private final PGPSecretKeyRing secretKeyRing;
    private final PGPPrivateKey privateKey;
    private final String passphrase;

    private ThrowawaySigningKey(PGPSecretKeyRing secretKeyRing, PGPPrivateKey privateKey, String passphrase) {
        this.secretKeyRing = secretKeyRing;
        this.privateKey = privateKey;
        this.passphrase = passphrase;
    }

    /**
     * Makes a new key of 2,048 bits, as a release key is.
     *
     * @param passphrase what protects the secret key
     * @return the key
     */
    static ThrowawaySigningKey generate(String passphrase) {
        return generate(passphrase, 2048);
    }

    /**
     * Makes a new key of the given size. Finding the primes is most of the time: on the test JVMs (C1 only, without
     * the JIT's big-number intrinsics) one 2,048-bit key costs about 0.8 s of CPU, one of 1,024 bits a tenth of that.
     *
     * @param passphrase what protects the secret key
     * @param bits       the RSA modulus size
     * @return the key
     */
    static ThrowawaySigningKey generate(String passphrase, int bits) {
        try {
            KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
            rsa.initialize(bits);
            PGPKeyPair keyPair = new JcaPGPKeyPair(
                    PublicKeyPacket.VERSION_4, PGPPublicKey.RSA_GENERAL, rsa.generateKeyPair(), new Date());
            PGPDigestCalculator sha1 =
                    new JcaPGPDigestCalculatorProviderBuilder().build().get(HashAlgorithmTags.SHA1);
            PGPKeyRingGenerator rings = new PGPKeyRingGenerator(
                    PGPSignature.POSITIVE_CERTIFICATION,
                    keyPair,
                    "Quarry release rehearsal <rehearsal@quarry.invalid>",
                    sha1,
                    null,
                    null,
                    contentSigner(keyPair.getPublicKey()),
                    new JcePBESecretKeyEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256, sha1)
                            .build(passphrase.toCharArray()));
            return new ThrowawaySigningKey(rings.generateSecretKeyRing(), keyPair.getPrivateKey(), passphrase);
        } catch (GeneralSecurityException | PGPException e) {
            throw new IllegalStateException("cannot make a signing key", e);
        }
    }

    /** {@return the passphrase of the secret key} */
    String passphrase() {
        return passphrase;
    }

    /** {@return the public key, which checks the signatures} */
    PGPPublicKey publicKey() {
        return secretKeyRing.getPublicKey();
    }

    /** {@return the secret key ring, armored: the value of MAVEN_GPG_KEY} */
    String armoredSecretKey() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ArmoredOutputStream armored = new ArmoredOutputStream(bytes)) {
            secretKeyRing.encode(armored);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    /**
     * Signs as the release does: an armored detached signature, the content of an {@code .asc} file.
     *
     * @param content what to sign
     * @return the signature
     */
    byte[] sign(byte[] content) {
        try {
            PGPSignatureGenerator generator = new PGPSignatureGenerator(contentSigner(publicKey()), publicKey());
            generator.init(PGPSignature.BINARY_DOCUMENT, privateKey);
            generator.update(content);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ArmoredOutputStream armored = new ArmoredOutputStream(bytes)) {
                generator.generate().encode(armored);
            }
            return bytes.toByteArray();
        } catch (PGPException e) {
            throw new IllegalStateException("cannot sign", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JcaPGPContentSignerBuilder contentSigner(PGPPublicKey key) {
        return new JcaPGPContentSignerBuilder(key.getAlgorithm(), HashAlgorithmTags.SHA256);
    }
}
