/**
 * Hand-written words of the scene composer in the studio's 19 languages: what the emoji
 * annotations (CLDR) cannot say — the setting, time of day, weather, style, number and colour
 * words, and the little words that tell the languages apart. Keys are lower-case; Latin, Cyrillic
 * and Arabic entries match whole words (or, when `stem` allows, a word starting with the entry:
 * "Katzen", "лесу", "denizde"); Chinese, Japanese and Thai entries match anywhere in the prompt.
 */

export const LOCALES = ['ar', 'da', 'de', 'en', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'ru', 'th', 'tr', 'zh-Hant', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

/** Languages written without spaces between words: matched by substring. */
export const UNSPACED: ReadonlySet<Locale> = new Set(['ja', 'zh', 'zh-Hant', 'th']);

export const SETTINGS = ['sea', 'forest', 'city', 'desert', 'snow', 'space', 'room', 'mountain', 'field', 'sky'] as const;
export type Setting = (typeof SETTINGS)[number] | 'land';
export const TIMES = ['dawn', 'day', 'sunset', 'night'] as const;
export type TimeOfDay = (typeof TIMES)[number];
export const WEATHERS = ['rain', 'snow', 'fog'] as const;
export type Weather = (typeof WEATHERS)[number];
/** The composer's styles: IMAGE_STYLES of the shared generation schema, less `auto`. */
export const STYLES = ['watercolor', 'sketch', 'oil', 'comic', 'pixel', 'noir', 'vivid'] as const;
export type Style = (typeof STYLES)[number];
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'white', 'black', 'brown', 'grey', 'gold'] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_HEX: Record<Colour, string> = {
  red: '#e11d48', orange: '#f97316', yellow: '#facc15', green: '#22c55e', blue: '#3b82f6', purple: '#a855f7',
  pink: '#ec4899', white: '#f8fafc', black: '#0f172a', brown: '#92400e', grey: '#64748b', gold: '#eab308',
};

type Words<K extends string> = Partial<Record<Locale, Partial<Record<K, string>>>>;

/** Each value is a space-separated list of words (or, unspaced languages, of substrings). */
const SETTING_WORDS: Words<(typeof SETTINGS)[number]> = {
  en: { sea: 'sea ocean beach waves wave lake river harbour harbor coast seaside underwater', forest: 'forest woods jungle woodland', city: 'city street town skyline downtown tokyo paris london york', desert: 'desert dunes dune sahara', snow: 'snowy winter arctic', space: 'space galaxy cosmos universe planet', room: 'room bedroom kitchen indoors livingroom', mountain: 'mountain mountains alps hills peak', field: 'field meadow garden park farm grass', sky: 'sky clouds' },
  de: { sea: 'meer see ozean strand wellen fluss hafen küste unterwasser', forest: 'wald walde wälder dschungel', city: 'stadt straße strasse tokio paris london', desert: 'wüste düne dünen', snow: 'verschneit verschneiten verschneite winter', space: 'weltall weltraum galaxie kosmos planet', room: 'zimmer küche wohnzimmer schlafzimmer', mountain: 'berg berge gebirge alpen', field: 'wiese feld garten park', sky: 'himmel wolken' },
  fr: { sea: 'mer océan plage vagues lac rivière port côte', forest: 'forêt bois jungle', city: 'ville rue cité tokyo paris', desert: 'désert dunes', snow: 'enneigé enneigée hiver', space: 'espace galaxie cosmos planète', room: 'chambre pièce cuisine salon', mountain: 'montagne montagnes', field: 'champ prairie jardin parc', sky: 'ciel nuages' },
  es: { sea: 'mar océano playa olas lago río puerto costa', forest: 'bosque selva jungla', city: 'ciudad calle tokio parís', desert: 'desierto dunas', snow: 'nevado nevada invierno', space: 'espacio galaxia cosmos planeta', room: 'habitación cuarto cocina salón', mountain: 'montaña montañas', field: 'campo prado jardín parque', sky: 'cielo nubes' },
  it: { sea: 'mare oceano spiaggia onde lago fiume porto', forest: 'foresta bosco giungla', city: 'città strada tokyo parigi', desert: 'deserto dune', snow: 'innevato innevata inverno', space: 'spazio galassia cosmo pianeta', room: 'stanza camera cucina salotto', mountain: 'montagna montagne', field: 'campo prato giardino parco', sky: 'cielo nuvole' },
  pt: { sea: 'mar oceano praia ondas lago rio porto', forest: 'floresta bosque selva', city: 'cidade rua tóquio paris', desert: 'deserto dunas', snow: 'nevado nevada inverno', space: 'espaço galáxia cosmos planeta', room: 'quarto sala cozinha', mountain: 'montanha montanhas', field: 'campo prado jardim parque', sky: 'céu nuvens' },
  nl: { sea: 'zee oceaan strand golven meer rivier haven', forest: 'bos bossen jungle oerwoud', city: 'stad straat tokio parijs', desert: 'woestijn duinen', snow: 'besneeuwd besneeuwde winter', space: 'ruimte heelal melkweg planeet', room: 'kamer keuken woonkamer slaapkamer', mountain: 'berg bergen', field: 'weide veld tuin park', sky: 'lucht hemel wolken' },
  da: { sea: 'hav havet strand bølger sø flod havn', forest: 'skov skoven jungle', city: 'by byen gade', desert: 'ørken ørkenen klitter', snow: 'snedækket vinter', space: 'rummet galakse kosmos planet', room: 'værelse stue køkken soveværelse', mountain: 'bjerg bjerge', field: 'mark eng have park', sky: 'himmel himlen skyer' },
  nb: { sea: 'hav havet strand bølger innsjø elv havn', forest: 'skog skogen jungel', city: 'by byen gate', desert: 'ørken ørkenen sanddyner', snow: 'snødekt vinter', space: 'verdensrommet galakse planet', room: 'rom stue kjøkken soverom', mountain: 'fjell fjellet', field: 'eng jorde hage park', sky: 'himmel himmelen skyer' },
  pl: { sea: 'morze morzu ocean plaża plaży fale jezioro rzeka port', forest: 'las lesie lasu dżungla', city: 'miasto mieście ulica', desert: 'pustynia pustyni wydmy', snow: 'zaśnieżony zaśnieżonym zima zimą', space: 'kosmos kosmosie galaktyka planeta', room: 'pokój pokoju kuchnia salon sypialnia', mountain: 'góry górach góra', field: 'łąka łące pole ogród park', sky: 'niebo niebie chmury' },
  ru: { sea: 'море морем океан пляж волны озеро река порт', forest: 'лес лесу лесной джунгли', city: 'город городе улица токио', desert: 'пустыня пустыне дюны', snow: 'заснеженный заснеженном зима зимой', space: 'космос космосе галактика вселенная планета', room: 'комната комнате кухня гостиная спальня', mountain: 'горы горах гора', field: 'луг поле сад парк', sky: 'небо небе облака' },
  tr: { sea: 'deniz okyanus plaj sahil dalgalar göl nehir liman', forest: 'orman cangıl', city: 'şehir kent sokak', desert: 'çöl', snow: 'karlı kış', space: 'uzay galaksi evren gezegen', room: 'oda odada mutfak salon', mountain: 'dağ dağlar', field: 'çayır tarla bahçe park', sky: 'gökyüzü bulutlar' },
  id: { sea: 'laut samudra pantai ombak danau sungai pelabuhan', forest: 'hutan rimba', city: 'kota jalan', desert: 'gurun pasir', snow: 'bersalju', space: 'angkasa antariksa galaksi planet', room: 'kamar ruang dapur', mountain: 'gunung pegunungan', field: 'padang ladang taman kebun sawah', sky: 'langit awan' },
  ar: { sea: 'بحر محيط شاطئ امواج بحيره نهر ميناء', forest: 'غابه غابات اشجار', city: 'مدينه شارع طوكيو باريس', desert: 'صحراء كثبان', snow: 'ثلجي شتاء', space: 'فضاء مجره كون كوكب', room: 'غرفه مطبخ', mountain: 'جبل جبال', field: 'حقل مرج حديقه', sky: 'سماء غيوم' },
  ko: { sea: '바다 해변 해안 호수 강 항구 파도', forest: '숲 숲속 정글', city: '도시 거리 도쿄 서울', desert: '사막', snow: '설원 겨울', space: '우주 은하', room: '방 부엌 거실 침실', mountain: '산', field: '들판 초원 정원 공원', sky: '하늘 구름' },
  ja: { sea: '海 ビーチ 浜 湖 川 港 波', forest: '森 林 ジャングル', city: '街 都市 町 東京 通り 都会', desert: '砂漠', snow: '雪原 雪景色 冬', space: '宇宙 銀河 惑星', room: '部屋 台所 キッチン リビング 室内', mountain: '山', field: '野原 草原 畑 庭 公園', sky: '空 雲' },
  zh: { sea: '海 湖 河 港口 波浪 沙滩', forest: '森林 树林 丛林 林', city: '城市 街道 都市 东京', desert: '沙漠', snow: '雪地 冬天', space: '太空 宇宙 银河 星系 行星', room: '房间 卧室 厨房 客厅 室内', mountain: '山', field: '田野 草地 草原 花园 公园', sky: '天空 云' },
  'zh-Hant': { sea: '海 湖 河 港口 波浪 沙灘', forest: '森林 樹林 叢林 林', city: '城市 街道 都市 東京', desert: '沙漠', snow: '雪地 冬天', space: '太空 宇宙 銀河 星系 行星', room: '房間 臥室 廚房 客廳 室內', mountain: '山', field: '田野 草地 草原 花園 公園', sky: '天空 雲' },
  th: { sea: 'ทะเล ชายหาด มหาสมุทร ทะเลสาบ แม่น้ำ', forest: 'ป่า', city: 'เมือง ถนน', desert: 'ทะเลทราย', snow: 'ฤดูหนาว', space: 'อวกาศ กาแล็กซี', room: 'ห้อง', mountain: 'ภูเขา', field: 'ทุ่ง สวน', sky: 'ท้องฟ้า เมฆ' },
};

const TIME_WORDS: Words<TimeOfDay> = {
  en: { dawn: 'dawn sunrise morning daybreak', day: 'day daytime noon midday sunny', sunset: 'sunset dusk evening twilight', night: 'night midnight nighttime moonlight starry' },
  de: { dawn: 'morgendämmerung sonnenaufgang morgen morgens', day: 'tag mittag sonnig', sunset: 'sonnenuntergang abend abends abenddämmerung dämmerung', night: 'nacht nachts mitternacht' },
  fr: { dawn: 'aube aurore matin', day: 'jour journée midi ensoleillé', sunset: 'coucher crépuscule soir', night: 'nuit minuit' },
  es: { dawn: 'amanecer alba mañana', day: 'día mediodía soleado', sunset: 'atardecer ocaso anochecer tarde', night: 'noche medianoche' },
  it: { dawn: 'alba aurora mattina', day: 'giorno mezzogiorno soleggiato', sunset: 'tramonto crepuscolo sera', night: 'notte mezzanotte' },
  pt: { dawn: 'amanhecer alvorada aurora manhã', day: 'dia ensolarado', sunset: 'entardecer crepúsculo anoitecer', night: 'noite meia-noite' },
  nl: { dawn: 'dageraad zonsopgang ochtend', day: 'dag middag zonnig', sunset: 'zonsondergang avond schemering', night: 'nacht middernacht' },
  da: { dawn: 'daggry solopgang morgen', day: 'dag middag solrig', sunset: 'solnedgang aften skumring', night: 'nat natten midnat' },
  nb: { dawn: 'daggry soloppgang morgen', day: 'dag solrik', sunset: 'solnedgang kveld skumring', night: 'natt natten midnatt' },
  pl: { dawn: 'świt świcie wschód poranek rano', day: 'dzień południe słoneczny', sunset: 'zachód zachodzie zmierzch wieczór wieczorem', night: 'noc nocą nocy północ' },
  ru: { dawn: 'рассвет рассвете утро утром', day: 'день днём полдень солнечный', sunset: 'закат закате вечер вечером сумерки', night: 'ночь ночью ночной полночь' },
  tr: { dawn: 'şafak gündoğumu sabah', day: 'gündüz öğle güneşli', sunset: 'günbatımı akşam alacakaranlık', night: 'gece' },
  id: { dawn: 'fajar subuh pagi', day: 'siang', sunset: 'senja terbenam sore', night: 'malam' },
  ar: { dawn: 'فجر شروق صباح صباحا', day: 'نهار نهارا ظهر مشمس', sunset: 'غروب مساء', night: 'ليل ليلا ليله منتصف' },
  ko: { dawn: '새벽 일출 아침', day: '낮 한낮 대낮', sunset: '일몰 석양 노을 저녁 해질녘', night: '밤 한밤중 자정' },
  ja: { dawn: '夜明け 朝焼け 日の出 朝', day: '昼 日中 晴れ', sunset: '夕日 夕焼け 日没 夕暮れ 夕方', night: '夜 深夜 真夜中 夜空' },
  zh: { dawn: '黎明 日出 清晨 早晨', day: '白天 中午 晴天', sunset: '日落 黄昏 夕阳 傍晚', night: '夜 晚上 午夜 夜空 夜晚' },
  'zh-Hant': { dawn: '黎明 日出 清晨 早晨', day: '白天 中午 晴天', sunset: '日落 黃昏 夕陽 傍晚', night: '夜 晚上 午夜 夜空 夜晚' },
  th: { dawn: 'รุ่งอรุณ พระอาทิตย์ขึ้น ตอนเช้า เช้า', day: 'กลางวัน', sunset: 'พระอาทิตย์ตก ตอนเย็น', night: 'กลางคืน ตอนกลางคืน เที่ยงคืน' },
};

const WEATHER_WORDS: Words<Weather> = {
  en: { rain: 'rain rainy raining rainfall storm', snow: 'snow snowing snowfall snowflakes blizzard', fog: 'fog foggy mist misty haze' },
  de: { rain: 'regen regnet regnerisch gewitter', snow: 'schnee schneit schneefall', fog: 'nebel neblig dunst' },
  fr: { rain: 'pluie pluvieux pleut orage', snow: 'neige neigeux', fog: 'brouillard brume' },
  es: { rain: 'lluvia lluvioso lloviendo tormenta', snow: 'nieve nevando', fog: 'niebla bruma' },
  it: { rain: 'pioggia piovoso piove temporale', snow: 'neve nevica', fog: 'nebbia foschia' },
  pt: { rain: 'chuva chuvoso chovendo tempestade', snow: 'neve nevando', fog: 'neblina névoa nevoeiro' },
  nl: { rain: 'regen regent onweer', snow: 'sneeuw sneeuwt', fog: 'mist nevel' },
  da: { rain: 'regn regnen regner', snow: 'sne sneen sner', fog: 'tåge' },
  nb: { rain: 'regn regnet regner', snow: 'snø snøen snør', fog: 'tåke' },
  pl: { rain: 'deszcz deszczu pada', snow: 'śnieg śniegu', fog: 'mgła mgle' },
  ru: { rain: 'дождь дождём дожде гроза', snow: 'снег снегу снегопад', fog: 'туман тумане' },
  tr: { rain: 'yağmur yağmurda yağmurlu', snow: 'kar karda', fog: 'sis sisli' },
  id: { rain: 'hujan', snow: 'salju', fog: 'kabut' },
  ar: { rain: 'مطر امطار ممطر', snow: 'ثلج ثلوج', fog: 'ضباب' },
  ko: { rain: '비 빗속', snow: '눈 눈송이', fog: '안개' },
  ja: { rain: '雨', snow: '雪', fog: '霧' },
  zh: { rain: '雨', snow: '雪', fog: '雾' },
  'zh-Hant': { rain: '雨', snow: '雪', fog: '霧' },
  th: { rain: 'ฝน', snow: 'หิมะ', fog: 'หมอก' },
};

const STYLE_WORDS: Words<Style> = {
  en: { watercolor: 'watercolor watercolour aquarelle', sketch: 'sketch drawing pencil charcoal', oil: 'oil', comic: 'comic cartoon manga anime', pixel: 'pixel pixelated 8-bit retro', noir: 'noir monochrome', vivid: 'vivid neon colorful colourful' },
  de: { watercolor: 'aquarell wasserfarben', sketch: 'skizze zeichnung bleistift', oil: 'ölgemälde ölbild', comic: 'comic cartoon', pixel: 'pixel pixelart', noir: 'noir schwarzweiß', vivid: 'bunt leuchtend' },
  fr: { watercolor: 'aquarelle', sketch: 'croquis dessin crayon', oil: 'huile', comic: 'bd cartoon', pixel: 'pixel', noir: 'noir-et-blanc', vivid: 'coloré vif' },
  es: { watercolor: 'acuarela', sketch: 'boceto dibujo lápiz', oil: 'óleo', comic: 'cómic historieta', pixel: 'píxel pixel', noir: 'noir', vivid: 'colorido vívido' },
  it: { watercolor: 'acquerello', sketch: 'schizzo disegno matita', oil: 'olio', comic: 'fumetto', pixel: 'pixel', noir: 'noir', vivid: 'colorato vivido' },
  pt: { watercolor: 'aquarela', sketch: 'esboço desenho lápis', oil: 'óleo', comic: 'quadrinhos gibi', pixel: 'pixel', noir: 'noir', vivid: 'colorido vívido' },
  nl: { watercolor: 'aquarel waterverf', sketch: 'schets tekening potlood', oil: 'olieverf', comic: 'strip stripverhaal', pixel: 'pixel', noir: 'noir', vivid: 'kleurrijk' },
  da: { watercolor: 'akvarel', sketch: 'skitse tegning blyant', oil: 'oliemaleri', comic: 'tegneserie', pixel: 'pixel', noir: 'noir', vivid: 'farverig' },
  nb: { watercolor: 'akvarell', sketch: 'skisse tegning blyant', oil: 'oljemaleri', comic: 'tegneserie', pixel: 'piksel', noir: 'noir', vivid: 'fargerik' },
  pl: { watercolor: 'akwarela akwareli', sketch: 'szkic rysunek ołówek', oil: 'olej olejny', comic: 'komiks', pixel: 'piksel', noir: 'noir', vivid: 'kolorowy' },
  ru: { watercolor: 'акварель', sketch: 'эскиз набросок карандаш', oil: 'маслом', comic: 'комикс мультяшный', pixel: 'пиксель пиксельный', noir: 'нуар', vivid: 'яркий' },
  tr: { watercolor: 'suluboya', sketch: 'eskiz çizim karakalem', oil: 'yağlıboya', comic: 'çizgi', pixel: 'piksel', noir: 'noir', vivid: 'renkli' },
  id: { watercolor: 'cat-air', sketch: 'sketsa pensil', oil: 'minyak', comic: 'komik kartun', pixel: 'piksel', noir: 'noir', vivid: 'warna-warni' },
  ar: { watercolor: 'مائيه', sketch: 'تخطيطي اسكتش', oil: 'زيتي زيتيه', comic: 'كوميك كرتون', pixel: 'بكسل', noir: 'نوار', vivid: 'زاهي' },
  ko: { watercolor: '수채화', sketch: '스케치 소묘 연필', oil: '유화', comic: '만화 코믹 애니', pixel: '픽셀 도트', noir: '흑백 누아르', vivid: '화려한 선명한' },
  ja: { watercolor: '水彩', sketch: 'スケッチ 素描 鉛筆', oil: '油絵', comic: '漫画 マンガ アニメ', pixel: 'ドット絵 ピクセル', noir: 'ノワール 白黒', vivid: '鮮やか カラフル' },
  zh: { watercolor: '水彩', sketch: '素描 草图 铅笔', oil: '油画', comic: '漫画 卡通 动漫', pixel: '像素', noir: '黑白', vivid: '鲜艳' },
  'zh-Hant': { watercolor: '水彩', sketch: '素描 草圖 鉛筆', oil: '油畫', comic: '漫畫 卡通 動漫', pixel: '像素', noir: '黑白', vivid: '鮮豔' },
  th: { watercolor: 'สีน้ำ', sketch: 'ภาพร่าง สเก็ตช์ ดินสอ', oil: 'สีน้ำมัน', comic: 'การ์ตูน', pixel: 'พิกเซล', noir: 'ขาวดำ', vivid: 'สดใส' },
};

const COLOUR_WORDS: Words<Colour> = {
  en: { red: 'red crimson scarlet', orange: 'orange', yellow: 'yellow', green: 'green emerald', blue: 'blue navy azure', purple: 'purple violet indigo', pink: 'pink magenta', white: 'white', black: 'black', brown: 'brown', grey: 'grey gray silver', gold: 'gold golden' },
  de: { red: 'rot', orange: 'orange', yellow: 'gelb', green: 'grün', blue: 'blau', purple: 'lila violett', pink: 'rosa pink', white: 'weiß weiss', black: 'schwarz', brown: 'braun', grey: 'grau silber', gold: 'gold golden' },
  fr: { red: 'rouge', orange: 'orange', yellow: 'jaune', green: 'vert verte', blue: 'bleu bleue', purple: 'violet violette', pink: 'rose', white: 'blanc blanche', black: 'noir noire', brown: 'marron brun', grey: 'gris grise', gold: 'doré dorée' },
  es: { red: 'rojo roja', orange: 'naranja', yellow: 'amarillo amarilla', green: 'verde', blue: 'azul', purple: 'morado morada violeta', pink: 'rosa', white: 'blanco blanca', black: 'negro negra', brown: 'marrón', grey: 'gris', gold: 'dorado dorada' },
  it: { red: 'rosso rossa', orange: 'arancione', yellow: 'giallo gialla', green: 'verde', blue: 'blu azzurro', purple: 'viola', pink: 'rosa', white: 'bianco bianca', black: 'nero nera', brown: 'marrone', grey: 'grigio grigia', gold: 'dorato dorata' },
  pt: { red: 'vermelho vermelha', orange: 'laranja', yellow: 'amarelo amarela', green: 'verde', blue: 'azul', purple: 'roxo roxa', pink: 'rosa', white: 'branco branca', black: 'preto preta', brown: 'marrom castanho', grey: 'cinza', gold: 'dourado dourada' },
  nl: { red: 'rood rode', orange: 'oranje', yellow: 'geel gele', green: 'groen groene', blue: 'blauw blauwe', purple: 'paars paarse', pink: 'roze', white: 'wit witte', black: 'zwart zwarte', brown: 'bruin bruine', grey: 'grijs grijze', gold: 'goud gouden' },
  da: { red: 'rød rødt røde', orange: 'orange', yellow: 'gul gule', green: 'grøn grønne', blue: 'blå', purple: 'lilla', pink: 'lyserød', white: 'hvid hvide', black: 'sort sorte', brown: 'brun brune', grey: 'grå', gold: 'guld gylden' },
  nb: { red: 'rød rødt røde', orange: 'oransje', yellow: 'gul gule', green: 'grønn grønne', blue: 'blå', purple: 'lilla', pink: 'rosa', white: 'hvit hvite', black: 'svart svarte', brown: 'brun brune', grey: 'grå', gold: 'gull gyllen' },
  pl: { red: 'czerwon', orange: 'pomarańczow', yellow: 'żółt', green: 'zielon', blue: 'niebiesk', purple: 'fioletow', pink: 'różow', white: 'biał', black: 'czarn', brown: 'brązow', grey: 'szar', gold: 'złot' },
  ru: { red: 'красн', orange: 'оранжев', yellow: 'жёлт желт', green: 'зелён зелен', blue: 'син голуб', purple: 'фиолетов', pink: 'розов', white: 'бел', black: 'чёрн черн', brown: 'коричнев', grey: 'сер', gold: 'золот' },
  tr: { red: 'kırmızı', orange: 'turuncu', yellow: 'sarı', green: 'yeşil', blue: 'mavi', purple: 'mor', pink: 'pembe', white: 'beyaz', black: 'siyah', brown: 'kahverengi', grey: 'gri', gold: 'altın' },
  id: { red: 'merah', orange: 'oranye jingga', yellow: 'kuning', green: 'hijau', blue: 'biru', purple: 'ungu', pink: 'pink', white: 'putih', black: 'hitam', brown: 'cokelat coklat', grey: 'abu-abu', gold: 'emas' },
  ar: { red: 'احمر حمراء', orange: 'برتقالي', yellow: 'اصفر صفراء', green: 'اخضر خضراء', blue: 'ازرق زرقاء', purple: 'بنفسجي ارجواني', pink: 'وردي', white: 'ابيض بيضاء', black: 'اسود سوداء', brown: 'بني', grey: 'رمادي', gold: 'ذهبي' },
  ko: { red: '빨간 빨강 붉은', orange: '주황', yellow: '노란 노랑', green: '초록 녹색', blue: '파란 파랑', purple: '보라', pink: '분홍 핑크', white: '하얀 흰', black: '검은 검정', brown: '갈색', grey: '회색', gold: '금색 황금' },
  ja: { red: '赤', orange: 'オレンジ 橙', yellow: '黄色', green: '緑', blue: '青', purple: '紫', pink: 'ピンク 桃色', white: '白', black: '黒', brown: '茶色', grey: '灰色', gold: '金色' },
  zh: { red: '红', orange: '橙', yellow: '黄色', green: '绿', blue: '蓝', purple: '紫', pink: '粉红', white: '白色', black: '黑色', brown: '棕', grey: '灰色', gold: '金色' },
  'zh-Hant': { red: '紅', orange: '橙', yellow: '黃色', green: '綠', blue: '藍', purple: '紫', pink: '粉紅', white: '白色', black: '黑色', brown: '棕', grey: '灰色', gold: '金色' },
  th: { red: 'สีแดง', orange: 'สีส้ม', yellow: 'สีเหลือง', green: 'สีเขียว', blue: 'สีน้ำเงิน สีฟ้า', purple: 'สีม่วง', pink: 'สีชมพู', white: 'สีขาว', black: 'สีดำ', brown: 'สีน้ำตาล', grey: 'สีเทา', gold: 'สีทอง' },
};

/** Number words 1–9 per language, in order (several spellings of one number joined by `|`). */
const NUMBER_WORDS: Partial<Record<Locale, string>> = {
  en: 'one|a|an two|pair three four five six seven eight nine',
  de: 'ein|eine|einen|einem|einer zwei drei vier fünf sechs sieben acht neun',
  fr: 'un|une deux trois quatre cinq six sept huit neuf',
  es: 'un|una|uno dos tres cuatro cinco seis siete ocho nueve',
  it: 'un|uno|una|un\' due tre quattro cinque sei sette otto nove',
  pt: 'um|uma dois|duas três quatro cinco seis sete oito nove',
  nl: 'een|één twee drie vier vijf zes zeven acht negen',
  da: 'en|et to tre fire fem seks syv otte ni',
  nb: 'en|ei|ett to tre fire fem seks sju åtte ni',
  pl: 'jeden|jedna|jedno dwa|dwie|dwóch|dwoje trzy|trzech cztery|czterech pięć sześć siedem osiem dziewięć',
  ru: 'один|одна|одно два|две три четыре пять шесть семь восемь девять',
  tr: 'bir iki üç dört beş altı yedi sekiz dokuz',
  id: 'satu|seekor|sebuah dua tiga empat lima enam tujuh delapan sembilan',
  ar: 'واحد|واحده اثنان|اثنين|اثنتان ثلاث|ثلاثه اربع|اربعه خمس|خمسه ست|سته سبع|سبعه ثماني|ثمانيه تسع|تسعه',
  ko: '한|하나 두|둘 세|셋 네|넷 다섯 여섯 일곱 여덟 아홉',
  ja: '一|ひとつ 二|ふたつ 三|みっつ 四|よっつ 五 六 七 八 九',
  zh: '一 二|两 三 四 五 六 七 八 九',
  'zh-Hant': '一 二|兩 三 四 五 六 七 八 九',
  th: 'หนึ่ง สอง สาม สี่ ห้า หก เจ็ด แปด เก้า',
};

/** Little words that tell the Latin-script languages apart and are never subjects. */
const FUNCTION_WORDS: Partial<Record<Locale, string>> = {
  en: 'the in on at of with and under over by near is are from into its their his her this that',
  de: 'der die das dem den des im in auf mit und bei unter über am zum zur vor hinter neben ist sind',
  fr: 'le la les des dans sur avec et au aux du de sous près est sont sa son ses',
  es: 'el la los las en con y del al bajo sobre es son su sus entre',
  it: 'il lo la gli le in con e del della nel nella sulla sul sotto è sono di',
  pt: 'o a os as em com e do da no na nos nas sob sobre é são de',
  nl: 'de het in op met en bij onder naast is zijn van',
  da: 'i på med og under ved den det er af',
  nb: 'i på med og under ved den det er av',
  pl: 'w na z i pod nad przy jest są we ze',
  ru: 'в на с и под над у во со это',
  tr: 've ile da de altında üstünde bu',
  id: 'di dan yang dengan ke dari pada ini itu',
  ar: 'في عند تحت فوق علي على مع من الي الى بين و او هذا هذه',
  ko: '그리고 위에 아래',
};

/** Material and manner words that describe a subject rather than name one ("a paper boat"). */
export const MODIFIERS = new Set(['playing', 'sitting', 'standing', 'walking', 'running', 'sleeping', 'eating', 'flying', 'swimming', 'jumping', 'art', 'painting', 'picture', 'image', 'photo', 'illustration', 'style', 'bild', 'paper', 'wooden', 'wood', 'glass', 'metal', 'stone', 'plastic', 'toy', 'little', 'small', 'big', 'giant', 'tiny', 'cute', 'old', 'young', 'papier', 'papierboot', 'holz', 'klein', 'kleine', 'kleiner', 'großer', 'große', 'groß', 'papel', 'madera', 'carta', 'legno']);

export interface Lexicon {
  setting: Map<string, (typeof SETTINGS)[number]>;
  time: Map<string, TimeOfDay>;
  weather: Map<string, Weather>;
  style: Map<string, Style>;
  colour: Map<string, Colour>;
  number: Map<string, number>;
  function: Set<string>;
}

function table<K extends string>(words: Words<K>, locale: Locale, normalise: (w: string) => string): Map<string, K> {
  const out = new Map<string, K>();
  for (const [key, list] of Object.entries(words[locale] ?? {}) as [K, string][]) for (const w of list.split(' ')) out.set(normalise(w), key);
  return out;
}

const cache = new Map<Locale, Lexicon>();

/** The lexicon of one language, its words normalised as prompts are (see scene.ts). */
export function lexiconFor(locale: Locale, normalise: (w: string) => string): Lexicon {
  let lex = cache.get(locale);
  if (lex) return lex;
  const number = new Map<string, number>();
  for (const [i, spellings] of (NUMBER_WORDS[locale] ?? '').split(' ').entries()) for (const w of spellings.split('|')) if (w) number.set(normalise(w), i + 1);
  lex = {
    setting: table(SETTING_WORDS, locale, normalise),
    time: table(TIME_WORDS, locale, normalise),
    weather: table(WEATHER_WORDS, locale, normalise),
    style: table(STYLE_WORDS, locale, normalise),
    colour: table(COLOUR_WORDS, locale, normalise),
    number,
    function: new Set((FUNCTION_WORDS[locale] ?? '').split(' ').filter(Boolean).map(normalise)),
  };
  cache.set(locale, lex);
  return lex;
}
