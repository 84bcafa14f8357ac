package io.fabricpulse.agent.cli;

import picocli.CommandLine;

import java.util.Objects;

/** The version from the jar's manifest ("dev" when run from classes, e.g. in tests). */
final class VersionProvider implements CommandLine.IVersionProvider {

    static String version() {
        return Objects.requireNonNullElse(AgentMain.class.getPackage().getImplementationVersion(), "dev");
    }

    @Override
    public String[] getVersion() {
        return new String[]{"fabricpulse-agent " + version(), "Java " + Runtime.version()};
    }
}
