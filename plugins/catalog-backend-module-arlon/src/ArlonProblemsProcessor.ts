import type { Entity } from '@backstage/catalog-model';
import {
  CatalogProcessor,
  CatalogProcessorEmit,
  processingResult,
} from '@backstage/plugin-catalog-node';
import type { LocationSpec } from '@backstage/plugin-catalog-common';

/** One entry of `arlon.io/held` (fleetEntities). */
interface HeldAnnotation {
  kind?: string;
  name?: string;
  file: string;
  line: number;
  field: string;
  message: string;
  brokenBy?: string;
  brokenBySummary?: string;
}

/**
 * Shows an Arlon definition's validation problems as the entity's processing
 * errors (file, line, field, what to do), so a broken definition is visible
 * in the catalog rather than silently dropped.
 *
 * @public
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
    for (const p of JSON.parse(raw ?? '[]') as Array<{
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
    // After the problems: what holding the definition means for the fleet.
    const held = entity.metadata.annotations?.['arlon.io/held'];
    if (held) {
      const at = entity.metadata.annotations?.['arlon.io/held-at'] ?? 'unknown';
      for (const h of JSON.parse(held) as HeldAnnotation[])
        emit(
          processingResult.generalError(
            location,
            `Held at last known good (${
              at === 'unknown'
                ? 'no valid commit within the history read'
                : `commit ${at.slice(0, 12)}`
            }): ${h.kind ? `${h.kind} ${h.name} is invalid, ` : ''}${h.file}:${
              h.line
            }${h.field ? ` (${h.field})` : ''}: ${h.message}${
              h.brokenBy
                ? `; broken by commit ${h.brokenBy.slice(0, 12)} "${
                    h.brokenBySummary
                  }"`
                : ''
            }. What is deployed is unchanged until it is valid again.`,
          ),
        );
    }
    return entity;
  }
}
