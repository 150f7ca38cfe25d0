import type { Entity } from '@backstage/catalog-model';
import {
  CatalogProcessor,
  CatalogProcessorEmit,
  processingResult,
} from '@backstage/plugin-catalog-node';
import type { LocationSpec } from '@backstage/plugin-catalog-common';

/**
 * Shows an Arlon definition's validation problems as the entity's processing
 * errors (file, line, field, what to do), so a broken definition is visible
 * in the catalog rather than silently dropped.
 */
export class ArlonProblemsProcessor implements CatalogProcessor {
  getProcessorName() {
    return 'ArlonProblemsProcessor';
  }

  async postProcessEntity(
    entity: Entity,
    location: LocationSpec,
    emit: CatalogProcessorEmit,
  ): Promise<Entity> {
    const raw = entity.metadata.annotations?.['arlon.io/problems'];
    if (!raw) return entity;
    for (const p of JSON.parse(raw) as Array<{
      file: string;
      line: number;
      field: string;
      message: string;
      hint?: string;
    }>) {
      emit(
        processingResult.generalError(
          location,
          `${p.file}:${p.line}${p.field ? ` (${p.field})` : ''}: ${p.message}${
            p.hint ? `. ${p.hint}` : ''
          }`,
        ),
      );
    }
    return entity;
  }
}
