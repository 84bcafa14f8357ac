package io.fabricpulse.server;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;
import org.springframework.r2dbc.core.DatabaseClient;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package rules of the server's main code, checked on its classes: features form no cycles, pages
 * read through feature services (never a repository), the state package is plumbing that knows no
 * feature, and the agent's runtime is used by the demo only (the rest shares {@code io.fabricpulse.model}
 * with the agent). Each rule names the classes that break it.
 */
class ArchitectureTest {

    /** The server's main classes, read from where {@link FabricPulseServer} was loaded (target/classes, or the jar). */
    private static final JavaClasses SERVER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importUrl(FabricPulseServer.class.getProtectionDomain().getCodeSource().getLocation());

    /** A class over the state store's tables: a {@code *Repository}, or anything holding a {@link DatabaseClient}. */
    private static final DescribedPredicate<JavaClass> REPOSITORY = DescribedPredicate.describe(
            "repositories (classes named *Repository or holding a DatabaseClient)",
            type -> type.getSimpleName().endsWith("Repository")
                    || type.getAllFields().stream().anyMatch(field -> field.getRawType().isEquivalentTo(DatabaseClient.class)));

    @Test
    void featurePackagesFormNoCycles() {
        check(slices().matching("io.fabricpulse.server.(*)..").namingSlices("feature $1").should().beFreeOfCycles());
    }

    /**
     * Below the features too, except where a feature's root wires its own subpackages, which use the root's types
     * in turn: notify's configuration makes the channel formats (which implement its {@code ChannelFormat}) and the
     * webhook directory, alerting's catalog makes the rules (which report its findings), security's filter chains
     * use the token stores and the audit trail (which check its permissions and name its current actor).
     */
    @Test
    void packagesFormNoCyclesBeyondAFeatureWiringItsSubpackages() {
        check(slices().matching("io.fabricpulse.server.(**)").should().beFreeOfCycles()
                .ignoreDependency(resideInAPackage("io.fabricpulse.server.notify"),
                        resideInAPackage("io.fabricpulse.server.notify.."))
                .ignoreDependency(resideInAPackage("io.fabricpulse.server.alerting"),
                        resideInAPackage("io.fabricpulse.server.alerting.."))
                .ignoreDependency(resideInAPackage("io.fabricpulse.server.security"),
                        resideInAPackage("io.fabricpulse.server.security..")));
    }

    @Test
    void pagesReadThroughFeatureServicesNotRepositories() {
        check(noClasses().that().resideInAPackage("io.fabricpulse.server.web..")
                .should().dependOnClassesThat(REPOSITORY)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.springframework.r2dbc..", "io.r2dbc.."));
    }

    @Test
    void theStatePackageIsPlumbingThatKnowsNoFeature() {
        check(noClasses().that().resideInAPackage("io.fabricpulse.server.state..")
                .should().dependOnClassesThat(resideInAPackage("io.fabricpulse.server..")
                        .and(resideOutsideOfPackage("io.fabricpulse.server.state.."))));
    }

    @Test
    void onlyTheDemoUsesTheAgent() {
        check(noClasses().that().resideInAPackage("io.fabricpulse.server..")
                .and().resideOutsideOfPackage("io.fabricpulse.server.demo..")
                .should().dependOnClassesThat().resideInAPackage("io.fabricpulse.agent.."));
    }

    private static void check(ArchRule rule) {
        rule.check(SERVER);
    }
}
