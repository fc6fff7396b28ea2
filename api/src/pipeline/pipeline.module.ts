import { Module } from '@nestjs/common';
import { PipelineHeartbeatService } from './pipeline-heartbeat.service.js';

@Module({ providers: [PipelineHeartbeatService], exports: [PipelineHeartbeatService] })
export class PipelineModule {}
