import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { InfrastructureModule } from '@shop/infrastructure';
import { AccessModule } from './access/access.module.js';
import { AccountModule } from './account/account.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CartModule } from './cart/cart.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { FeatureImagesModule } from './feature-images/feature-images.module.js';
import { HealthModule } from './health/health.module.js';
import { ImagesModule } from './images/images.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentCallbacksModule } from './payment-callbacks/payment-callbacks.module.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { ProductsModule } from './products/products.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { ShopInfoModule } from './shop-info/shop-info.module.js';
import { ThrottlingModule } from './throttling/throttling.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { WebShellModule } from './web-shell/web-shell.module.js';
import { WishlistModule } from './wishlist/wishlist.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // One retry per Redis command: while Redis is away, requests and health checks fail instead of piling up.
        InfrastructureModule.register(config, { redisRetriesPerCommand: 1 }),
        UploadsModule.register(config),
        ThrottlingModule,
        AccessModule,
        AccountModule,
        AddressesModule,
        AuthModule,
        CartModule,
        CatalogueModule,
        DashboardModule,
        FeatureImagesModule,
        HealthModule,
        ImagesModule,
        MetricsModule,
        NotificationsModule,
        OperationsModule,
        OrdersModule,
        PaymentCallbacksModule,
        PipelineModule,
        ProductsModule,
        RealtimeModule,
        ReviewsModule,
        ShopInfoModule,
        WebShellModule,
        WishlistModule,
      ],
    };
  }
}
