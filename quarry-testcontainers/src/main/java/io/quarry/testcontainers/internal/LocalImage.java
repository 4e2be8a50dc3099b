package io.quarry.testcontainers.internal;

import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.utility.DockerImageName;

/**
 * The mock server's image is built on the Docker host from a checkout of Quarry, and no registry has it: asked to
 * pull it, Testcontainers tries for minutes (on a machine without a registry, over seven) and then fails without
 * saying how to get it. Checked before the start, a missing image fails it at once, saying so.
 */
public final class LocalImage {

    private LocalImage() {}

    /**
     * Fails unless the Docker host has the image, when it is {@code quarry/mock-server} of no registry; any other name
     * (a copy in the user's own registry) is left to Testcontainers to pull.
     *
     * @param image the container's image
     * @param unqualifiedName the mock server's image name, without a registry or tag
     * @throws ContainerLaunchException naming the image and how to build it
     */
    public static void require(DockerImageName image, String unqualifiedName) {
        if (!image.getUnversionedPart().equals(unqualifiedName)) {
            return;
        }
        try {
            DockerClientFactory.instance()
                    .client()
                    .inspectImageCmd(image.asCanonicalNameString())
                    .exec();
        } catch (NotFoundException e) {
            throw new ContainerLaunchException("no image " + image.asCanonicalNameString() + " on this Docker host:"
                    + " build it from a checkout of Quarry at that version with"
                    + " bash mock-server/container/build-image.sh (no registry has it)");
        }
    }
}
