package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control group's memory limit read from fixture trees (test resources {@code cgroup/<case>}), each laid out as
 * a container shows the kernel's files: {@code proc/self/cgroup}, {@code proc/self/mountinfo} and the cgroup mounts
 * under {@code sys/fs/cgroup}. None holds {@code /proc/cgroups}: newer kernels list no cgroup v2 controllers there,
 * which is where the JVM's own reading stops.
 */
class CgroupMemoryLimitTest {

    private static final long MB = 1024L * 1024;

    @Test
    void cgroupV2MemoryMaxIsTheLimitOfAContainerInItsOwnNamespace() {
        // docker run --memory 256m on cgroup v2: /proc/self/cgroup says 0::/, the mount's root is the container's group
        assertThat(CgroupMemoryLimit.read(fixture("v2-limit"))).hasValue(256 * MB);
    }

    @Test
    void cgroupV2MaxMeansNoLimit() {
        assertThat(CgroupMemoryLimit.read(fixture("v2-max"))).isEmpty();
    }

    @Test
    void cgroupV2GroupIsFoundByItsWholePathInTheHostsNamespace() {
        // --cgroupns=host: 0::/system.slice/docker-<id>.scope, whose parent slice has no limit
        assertThat(CgroupMemoryLimit.read(fixture("v2-nested"))).hasValue(256 * MB);
    }

    @Test
    void cgroupV2LimitOfAGroupAboveTheProcesssHolds() {
        // a Kubernetes pod's limit, on the pod's slice; the container's own group says max
        assertThat(CgroupMemoryLimit.read(fixture("v2-pod"))).hasValue(512 * MB);
    }

    @Test
    void cgroupV1LimitInBytesIsTheLimitOfAContainer() {
        // Docker on cgroup v1: the memory mount's root is the container's group, /docker/<id>
        assertThat(CgroupMemoryLimit.read(fixture("v1-limit"))).hasValue(256 * MB);
    }

    @Test
    void cgroupV1HugeValueMeansNoLimit() {
        // 9223372036854771712: v1's "no limit", the largest page count times the page size
        assertThat(CgroupMemoryLimit.read(fixture("v1-unlimited"))).isEmpty();
    }

    @Test
    void cgroupV1GroupIsFoundByItsWholePathUnderAMountOfTheWholeHierarchy() {
        // 4:memory:/process_api/<id> under a mount whose root is /: the group's limit, not its parents' (none)
        assertThat(CgroupMemoryLimit.read(fixture("v1-nested"))).hasValue(256 * MB);
    }

    @Test
    void noKernelFilesMeanNoLimit(@TempDir Path empty) {
        // not Linux, or no /proc: the JVM's figure alone
        assertThat(CgroupMemoryLimit.read(empty)).isEmpty();
    }

    @Test
    void aContainerTheJvmMissesStillGetsConnectionsSizedToItsLimit() {
        // the JVM's API reports the machine's 16 GB where /proc/cgroups lists no v2 controllers; the group says 256 MB
        long total = ConnectionLimit.smaller(16_384 * MB, CgroupMemoryLimit.read(fixture("v2-limit")));

        assertThat(total).isEqualTo(256 * MB);
        assertThat(ConnectionLimit.forMemory(total, 126 * MB)).isBetween(150, 250);
    }

    @Test
    void theSmallerFigureWinsAndEitherMayBeMissing() {
        assertThat(ConnectionLimit.smaller(256 * MB, CgroupMemoryLimit.read(fixture("v2-max"))))
                .isEqualTo(256 * MB);
        assertThat(ConnectionLimit.smaller(128 * MB, CgroupMemoryLimit.read(fixture("v1-limit"))))
                .isEqualTo(128 * MB);
        assertThat(ConnectionLimit.smaller(0, CgroupMemoryLimit.read(fixture("v1-limit"))))
                .as("the JVM knows no figure")
                .isEqualTo(256 * MB);
    }

    private static Path fixture(String name) {
        try {
            return Path.of(
                    CgroupMemoryLimitTest.class.getResource("/cgroup/" + name).toURI());
        } catch (URISyntaxException impossible) {
            throw new AssertionError(impossible);
        }
    }
}
