/**
 * The names the offline planner gives the cards it draws, in the language of the person who asked
 * (the request's language): the cards go into the shared document, where everyone reads them as
 * written, so they are named once, in the asker's words, like a card a person named.
 */
import type { LanguageCode } from '@tessera/shared/i18n';

export const PLANNER_ROLES = ['prompt', 'photo', 'image', 'productScene', 'restyle', 'backgroundRemoval', 'upscale', 'animation', 'voiceOver', 'narration'] as const;
export type PlannerRole = (typeof PLANNER_ROLES)[number];

type Names = Record<PlannerRole, string>;

const NAMES: Record<LanguageCode, Names> = {
  en: { prompt: 'Prompt', photo: 'Photo', image: 'Image', productScene: 'Product scene', restyle: 'Restyle', backgroundRemoval: 'Background removal', upscale: 'Upscale', animation: 'Animation', voiceOver: 'Voice-over', narration: 'Narration' },
  ar: { prompt: 'الوصف', photo: 'الصورة الأصلية', image: 'الصورة', productScene: 'مشهد المنتج', restyle: 'تغيير النمط', backgroundRemoval: 'إزالة الخلفية', upscale: 'تكبير الدقة', animation: 'التحريك', voiceOver: 'التعليق الصوتي', narration: 'نص التعليق' },
  da: { prompt: 'Prompt', photo: 'Foto', image: 'Billede', productScene: 'Produktscene', restyle: 'Ny stil', backgroundRemoval: 'Fjern baggrund', upscale: 'Opskalering', animation: 'Animation', voiceOver: 'Speak', narration: 'Fortællertekst' },
  de: { prompt: 'Prompt', photo: 'Foto', image: 'Bild', productScene: 'Produktszene', restyle: 'Neuer Stil', backgroundRemoval: 'Hintergrund entfernen', upscale: 'Hochskalieren', animation: 'Animation', voiceOver: 'Sprecherstimme', narration: 'Sprechertext' },
  es: { prompt: 'Prompt', photo: 'Foto', image: 'Imagen', productScene: 'Escena de producto', restyle: 'Nuevo estilo', backgroundRemoval: 'Quitar fondo', upscale: 'Ampliar', animation: 'Animación', voiceOver: 'Voz en off', narration: 'Narración' },
  fr: { prompt: 'Prompt', photo: 'Photo', image: 'Image', productScene: 'Scène produit', restyle: 'Nouveau style', backgroundRemoval: "Suppression de l'arrière-plan", upscale: 'Agrandissement', animation: 'Animation', voiceOver: 'Voix off', narration: 'Narration' },
  id: { prompt: 'Prompt', photo: 'Foto', image: 'Gambar', productScene: 'Adegan produk', restyle: 'Gaya baru', backgroundRemoval: 'Hapus latar', upscale: 'Perbesar', animation: 'Animasi', voiceOver: 'Sulih suara', narration: 'Narasi' },
  it: { prompt: 'Prompt', photo: 'Foto', image: 'Immagine', productScene: 'Scena prodotto', restyle: 'Nuovo stile', backgroundRemoval: 'Rimozione sfondo', upscale: 'Ingrandimento', animation: 'Animazione', voiceOver: 'Voce fuori campo', narration: 'Narrazione' },
  ja: { prompt: 'プロンプト', photo: '写真', image: '画像', productScene: '商品シーン', restyle: 'スタイル変更', backgroundRemoval: '背景除去', upscale: 'アップスケール', animation: 'アニメーション', voiceOver: 'ナレーション音声', narration: 'ナレーション原稿' },
  ko: { prompt: '프롬프트', photo: '사진', image: '이미지', productScene: '제품 장면', restyle: '스타일 변경', backgroundRemoval: '배경 제거', upscale: '업스케일', animation: '애니메이션', voiceOver: '보이스오버', narration: '내레이션 원고' },
  nb: { prompt: 'Prompt', photo: 'Foto', image: 'Bilde', productScene: 'Produktscene', restyle: 'Ny stil', backgroundRemoval: 'Fjern bakgrunn', upscale: 'Oppskalering', animation: 'Animasjon', voiceOver: 'Voiceover', narration: 'Fortellertekst' },
  nl: { prompt: 'Prompt', photo: 'Foto', image: 'Afbeelding', productScene: 'Productscène', restyle: 'Nieuwe stijl', backgroundRemoval: 'Achtergrond verwijderen', upscale: 'Opschalen', animation: 'Animatie', voiceOver: 'Voice-over', narration: 'Vertelling' },
  pl: { prompt: 'Prompt', photo: 'Zdjęcie', image: 'Obraz', productScene: 'Scena produktu', restyle: 'Nowy styl', backgroundRemoval: 'Usuwanie tła', upscale: 'Powiększenie', animation: 'Animacja', voiceOver: 'Lektor', narration: 'Tekst lektora' },
  pt: { prompt: 'Prompt', photo: 'Foto', image: 'Imagem', productScene: 'Cena do produto', restyle: 'Novo estilo', backgroundRemoval: 'Remover fundo', upscale: 'Ampliar', animation: 'Animação', voiceOver: 'Locução', narration: 'Narração' },
  ru: { prompt: 'Промпт', photo: 'Фото', image: 'Изображение', productScene: 'Сцена с товаром', restyle: 'Новый стиль', backgroundRemoval: 'Удаление фона', upscale: 'Увеличение', animation: 'Анимация', voiceOver: 'Озвучка', narration: 'Текст озвучки' },
  th: { prompt: 'พรอมต์', photo: 'รูปถ่าย', image: 'ภาพ', productScene: 'ฉากสินค้า', restyle: 'เปลี่ยนสไตล์', backgroundRemoval: 'ลบพื้นหลัง', upscale: 'ขยายความละเอียด', animation: 'แอนิเมชัน', voiceOver: 'เสียงพากย์', narration: 'บทบรรยาย' },
  tr: { prompt: 'İstem', photo: 'Fotoğraf', image: 'Görsel', productScene: 'Ürün sahnesi', restyle: 'Yeni stil', backgroundRemoval: 'Arka plan kaldırma', upscale: 'Büyütme', animation: 'Animasyon', voiceOver: 'Seslendirme', narration: 'Anlatım metni' },
  tw: { prompt: '提示詞', photo: '照片', image: '圖片', productScene: '商品場景', restyle: '改變風格', backgroundRemoval: '移除背景', upscale: '放大', animation: '動畫', voiceOver: '配音', narration: '旁白稿' },
  zh: { prompt: '提示词', photo: '照片', image: '图片', productScene: '商品场景', restyle: '改变风格', backgroundRemoval: '移除背景', upscale: '放大', animation: '动画', voiceOver: '配音', narration: '旁白稿' },
};

export function roleName(role: PlannerRole, lang: LanguageCode = 'en'): string {
  return NAMES[lang][role];
}
