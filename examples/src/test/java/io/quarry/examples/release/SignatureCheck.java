package io.quarry.examples.release;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.jcajce.JcaPGPObjectFactory;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPContentVerifierBuilderProvider;

/** Checks a detached OpenPGP signature (an {@code .asc} file) against one public key. */
final class SignatureCheck {

    private final PGPPublicKey publicKey;

    /**
     * A check against the given key.
     *
     * @param publicKey the key that must have made every signature
     */
    SignatureCheck(PGPPublicKey publicKey) {
        this.publicKey = publicKey;
    }

    /**
     * Whether the signature is the key's, over exactly this content.
     *
     * @param content   the signed file
     * @param signature the {@code .asc} file, armored or binary
     * @return true if it verifies
     */
    boolean holds(byte[] content, byte[] signature) {
        try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(signature))) {
            if (!(new JcaPGPObjectFactory(in).nextObject() instanceof PGPSignatureList list) || list.size() != 1) {
                return false;
            }
            PGPSignature detached = list.get(0);
            if (detached.getKeyID() != publicKey.getKeyID()) {
                return false;
            }
            detached.init(new JcaPGPContentVerifierBuilderProvider(), publicKey);
            detached.update(content);
            return detached.verify();
        } catch (IOException | PGPException e) {
            // Not a signature at all: as wrong as a signature of something else.
            return false;
        }
    }
}
