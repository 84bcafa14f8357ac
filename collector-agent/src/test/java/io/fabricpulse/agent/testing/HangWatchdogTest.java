package io.fabricpulse.agent.testing;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestIdentifier;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HangWatchdogTest {

    private final AtomicLong nanos = new AtomicLong();
    private final List<String> reports = new ArrayList<>();
    private final HangWatchdog watchdog = new HangWatchdog(Duration.ofMinutes(10), nanos::get, reports::add);

    @Test
    void aClassRunningPastTheLimitIsReportedWithEveryThreadsStackTheTestThreadLast() {
        TestIdentifier slow = classIdentifier("SlowIT");
        watchdog.executionStarted(slow);
        nanos.addAndGet(Duration.ofMinutes(10).toNanos());
        assertThat(watchdog.check()).as("at the limit, not past it").isFalse();

        nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(watchdog.check()).isTrue();
        assertThat(reports).singleElement().asString()
                .startsWith("FabricPulse hang watchdog: io.example.SlowIT has run for 601 s")
                .contains(ThreadDump.class.getName() + ".ofAllThreads(")
                .contains("\"main\" RUNNABLE");
        String report = reports.getFirst();
        assertThat(report.lastIndexOf("\n\"")).as("main is the last thread").isEqualTo(report.indexOf("\n\"main\""));
    }

    @Test
    void finishedAndSkippedClassesAreForgotten() {
        TestIdentifier done = classIdentifier("DoneTest");
        TestIdentifier skipped = classIdentifier("SkippedTest");
        watchdog.executionStarted(done);
        watchdog.executionStarted(skipped);
        watchdog.executionFinished(done, TestExecutionResult.successful());
        watchdog.executionSkipped(skipped, "disabled");
        nanos.addAndGet(Duration.ofHours(1).toNanos());

        assertThat(watchdog.check()).isFalse();
        assertThat(reports).isEmpty();
    }

    @Test
    void theLimitComesFromTheSystemPropertyAsAnIsoDuration() {
        assertThat(HangWatchdog.limitFrom(null)).isEqualTo(Duration.ofMinutes(10));
        assertThat(HangWatchdog.limitFrom(" PT3M ")).isEqualTo(Duration.ofMinutes(3));
        assertThatThrownBy(() -> HangWatchdog.limitFrom("PT0S")).hasMessageContaining("fabricpulse.test.hang-after");
        assertThatThrownBy(() -> HangWatchdog.limitFrom("ten minutes")).isInstanceOf(RuntimeException.class);
    }

    private static TestIdentifier classIdentifier(String simpleName) {
        String className = "io.example." + simpleName;
        UniqueId id = UniqueId.forEngine("junit-jupiter").append("class", className);
        return TestIdentifier.from(new AbstractTestDescriptor(id, simpleName, ClassSource.from(className)) {
            @Override
            public Type getType() {
                return Type.CONTAINER;
            }
        });
    }
}
