package io.fabricpulse.agent.testing;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.util.Arrays;
import java.util.Comparator;

/** A thread dump as text, for tests that must say where something hangs ({@link HangWatchdog}, the browser tests). */
public final class ThreadDump {

    private ThreadDump() {
    }

    /** Every thread with its whole stack and the locks it holds or waits for; "main" last, where a tail shows it. */
    public static String ofAllThreads() {
        ThreadInfo[] threads = ManagementFactory.getThreadMXBean().dumpAllThreads(true, true);
        StringBuilder dump = new StringBuilder();
        Arrays.stream(threads)
                .sorted(Comparator.comparing((ThreadInfo thread) -> "main".equals(thread.getThreadName()))
                        .thenComparing(ThreadInfo::getThreadName))
                .forEach(thread -> appendThread(dump, thread));
        return dump.toString();
    }

    private static void appendThread(StringBuilder dump, ThreadInfo thread) {
        dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
        if (thread.getLockName() != null) {
            dump.append(" on ").append(thread.getLockName());
        }
        if (thread.getLockOwnerName() != null) {
            dump.append(" held by \"").append(thread.getLockOwnerName()).append('"');
        }
        dump.append('\n');
        StackTraceElement[] stack = thread.getStackTrace();
        for (int depth = 0; depth < stack.length; depth++) {
            dump.append("\tat ").append(stack[depth]).append('\n');
            for (MonitorInfo monitor : thread.getLockedMonitors()) {
                if (monitor.getLockedStackDepth() == depth) {
                    dump.append("\t- locked ").append(monitor).append('\n');
                }
            }
        }
        for (LockInfo lock : thread.getLockedSynchronizers()) {
            dump.append("\t- holds ").append(lock).append('\n');
        }
        dump.append('\n');
    }
}
