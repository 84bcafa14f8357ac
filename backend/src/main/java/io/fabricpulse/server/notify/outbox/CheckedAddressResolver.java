package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.OutboundAddresses;
import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * How webhook posts find their address: the host is resolved and every address it has checked by
 * {@link OutboundAddresses} at the moment of the post, and the connection goes to exactly the address that
 * was checked, so a name that points inward now (DNS rebinding) is refused, not followed. Addresses given as
 * literals are checked too (this resolver is asked for every one). Lookups run on {@code lookups}, never on
 * the event loop the web server shares.
 */
final class CheckedAddressResolver extends AddressResolverGroup<InetSocketAddress> {

    private final OutboundAddresses addresses;
    private final Executor lookups;

    CheckedAddressResolver(OutboundAddresses addresses, Executor lookups) {
        this.addresses = addresses;
        this.lookups = lookups;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new AbstractAddressResolver<>(executor, InetSocketAddress.class) {

            @Override
            protected boolean doIsResolved(InetSocketAddress address) {
                return false; // even a literal address goes through doResolve, to be checked
            }

            @Override
            protected void doResolve(InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
                lookup(unresolved).whenComplete((found, fault) -> {
                    if (fault != null) {
                        promise.tryFailure(fault.getCause() != null ? fault.getCause() : fault);
                    } else {
                        promise.trySuccess(new InetSocketAddress(found.getFirst(), unresolved.getPort()));
                    }
                });
            }

            @Override
            protected void doResolveAll(InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
                lookup(unresolved).whenComplete((found, fault) -> {
                    if (fault != null) {
                        promise.tryFailure(fault.getCause() != null ? fault.getCause() : fault);
                    } else {
                        promise.trySuccess(found.stream()
                                .map(address -> new InetSocketAddress(address, unresolved.getPort())).toList());
                    }
                });
            }
        };
    }

    private CompletableFuture<List<InetAddress>> lookup(InetSocketAddress target) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                if (!target.isUnresolved()) {
                    InetAddress address = target.getAddress();
                    String refused = addresses.refusalOf(address).orElse(null);
                    if (refused != null) {
                        throw new OutboundAddresses.OutboundRefusedException(refused);
                    }
                    return List.of(address);
                }
                return addresses.resolve(target.getHostString());
            } catch (UnknownHostException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, lookups);
    }
}
