package io.fabricpulse.server.web;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What every page needs: its settings and the one formatter of numbers and times. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UiProperties.class)
public class WebConfiguration {

    @Bean
    DisplayFormat displayFormat(UiProperties ui) {
        return new DisplayFormat(ui.timeZone());
    }
}
