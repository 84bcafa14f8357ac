package io.fabricpulse.server;

import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.annotation.ClassPathBeanDefinitionScanner;
import org.springframework.context.annotation.ConfigurationClassPostProcessor;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.type.filter.TypeFilter;

import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Every component and {@code @Bean} of the server has a name of its own. Spring Boot refuses to
 * override a bean definition, so two features naming a bean alike (topology's {@code ClusterDirectory}
 * component and alerting's {@code clusterDirectory()} method once did) stop the real server at start.
 * Registers the definitions as the application does, without creating a single bean.
 */
class BeanNamesTest {

    @Test
    void noTwoBeanDefinitionsOfTheServerShareAName() {
        DefaultListableBeanFactory registry = new DefaultListableBeanFactory();
        registry.setAllowBeanDefinitionOverriding(false);
        ClassPathBeanDefinitionScanner scanner = new ClassPathBeanDefinitionScanner(registry, true,
                new StandardEnvironment());
        // The main classes only, as the jar has them: test classes share the package but not the jar.
        TypeFilter testClass = (reader, factory) -> reader.getResource().toString().contains("test-classes");
        scanner.addExcludeFilter(testClass);
        // @SpringBootApplication scans the package again while its configuration is processed; its
        // TypeExcludeFilter asks the factory's TypeExcludeFilter beans, as Boot's test support does.
        registry.registerSingleton("testClassesExcluded", new TypeExcludeFilter() {
            @Override
            public boolean match(MetadataReader reader, MetadataReaderFactory factory) throws java.io.IOException {
                return testClass.match(reader, factory);
            }

            @Override
            public boolean equals(Object other) {
                return other == this;
            }

            @Override
            public int hashCode() {
                return System.identityHashCode(this);
            }
        });
        scanner.scan(FabricPulseServer.class.getPackageName());
        ConfigurationClassPostProcessor configurations = new ConfigurationClassPostProcessor();
        configurations.setEnvironment(new StandardEnvironment());

        assertThatCode(() -> configurations.postProcessBeanDefinitionRegistry(registry)).doesNotThrowAnyException();
    }
}
