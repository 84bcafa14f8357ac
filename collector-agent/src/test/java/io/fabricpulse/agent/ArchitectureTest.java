package io.fabricpulse.agent;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.fabricpulse.agent.cli.AgentMain;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package rules of the agent's main code: its packages form no cycles, and the command line (picocli)
 * and native access (the FFM API) each stay in the one package made for them, so the parts the server's
 * demo runs (sim, push, source) need neither.
 */
class ArchitectureTest {

    /** The agent's main classes, read from where {@link AgentMain} was loaded (target/classes, or the jar). */
    private static final JavaClasses AGENT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importUrl(AgentMain.class.getProtectionDomain().getCodeSource().getLocation());

    @Test
    void packagesFormNoCycles() {
        check(slices().matching("io.fabricpulse.agent.(*)..").should().beFreeOfCycles());
    }

    @Test
    void onlyTheCommandLineUsesPicocli() {
        check(noClasses().that().resideOutsideOfPackage("io.fabricpulse.agent.cli..")
                .should().dependOnClassesThat().resideInAPackage("picocli.."));
    }

    @Test
    void onlyUmadCallsNativeCode() {
        check(noClasses().that().resideOutsideOfPackage("io.fabricpulse.agent.umad..")
                .should().dependOnClassesThat().resideInAPackage("java.lang.foreign.."));
    }

    private static void check(ArchRule rule) {
        rule.check(AGENT);
    }
}
