package io.fabricpulse.agent.cli;

import picocli.CommandLine;

import java.net.URI;
import java.net.URISyntaxException;

/** The server's base URL: http or https, a host, an optional port and path prefix, nothing else. */
final class ServerUrlConverter implements CommandLine.ITypeConverter<URI> {

    @Override
    public URI convert(String value) {
        URI uri;
        try {
            uri = new URI(value.strip());
        } catch (URISyntaxException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a URL: " + e.getReason()
                    + " at index " + e.getIndex());
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
            throw new CommandLine.TypeConversionException("'" + value
                    + "' is not an http:// or https:// URL (e.g. https://fabricpulse.example.com)");
        }
        if (uri.getHost() == null) {
            throw new CommandLine.TypeConversionException("'" + value + "' has no host name");
        }
        if (uri.getRawUserInfo() != null) {
            throw new CommandLine.TypeConversionException("'" + value
                    + "' carries credentials; the agent authenticates with --token");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new CommandLine.TypeConversionException("'" + value
                    + "' has a query or fragment; give the server's base URL only");
        }
        return URI.create(uri.getScheme().toLowerCase() + "://" + uri.getRawAuthority()
                + (uri.getRawPath() == null ? "" : uri.getRawPath()));
    }
}
